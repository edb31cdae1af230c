/**
 * The product's reviews and figures as they are now (GET /api/products/{id}/related), and how the
 * product page's read of them reaches the island: the built page shows the reviews of its build,
 * so once the reviews section comes into view (live-reviews.ts) they are read again, and the
 * island shows what that read found, through the island's element (not module state: the plain
 * script and the island are separate bundles). Small on purpose: the plain script loads it before any React.
 */
import * as z from 'zod/mini';
import { ApiClient, type ApiResult } from '#lib/api.ts';
import type { ReviewsShown } from './rules.ts';

const count = z.number().check(z.nonnegative());
export const ReviewShape = z.object({ _id: z.string(), userName: z.string(), rating: z.number(), comment: z.string(), date: z.string() });
const figuresFields = {
  rating: z.number(),
  numRatings: count,
  ratingsByStar: z.object({ '1': count, '2': count, '3': count, '4': count, '5': count }),
  numWrittenReviews: count,
};
export const FiguresShape = z.object(figuresFields);
const FreshShape = z.object({ ...figuresFields, reviews: z.array(ReviewShape) });

/** The reply's `data` (a gateway-unwrapped object), or the reply itself. */
export function dataOf(reply: unknown): unknown {
  return reply && typeof reply === 'object' && 'data' in reply ? (reply as { data: unknown }).data : reply;
}

/** GET /api/products/{id}/related: the product's figures and written reviews as they are now. */
export async function freshReviews(productId: string, client: ApiClient = new ApiClient()): Promise<ApiResult<ReviewsShown>> {
  const result = await client.request(`/api/products/${encodeURIComponent(productId)}/related`);
  if (!result.ok) return result;
  const data = dataOf(result.data);
  const parsed = FreshShape.safeParse(data && typeof data === 'object' ? (data as { product?: unknown }).product : undefined);
  if (!parsed.success) return { ok: false, error: { kind: 'validation', message: 'Invalid response format' } };
  const { reviews, ...figures } = parsed.data;
  return { ok: true, data: { figures, reviews } };
}

/** Whether two showings differ in anything a shopper sees: the figures or the reviews listed. */
export function differs(a: ReviewsShown, b: ReviewsShown): boolean {
  const f = (x: ReviewsShown) => JSON.stringify([x.figures.rating, x.figures.numRatings, x.figures.numWrittenReviews, x.figures.ratingsByStar]);
  const r = (x: ReviewsShown) => JSON.stringify(x.reviews.map((review) => [review._id, review.rating, review.comment, review.date]));
  return f(a) !== f(b) || r(a) !== r(b);
}

/** The event the reviews island hears when the page's read finds reviews newer than the build's. */
export const REVIEWS_NOW_EVENT = 'reviews:now';

/**
 * What the page's read found (live-reviews.ts keeps it on the island's element, `data-reviews-now`,
 * and announces it with REVIEWS_NOW_EVENT): the island takes it whether it hydrates before or after.
 */
export function reviewsNowOn(island: HTMLElement | null): ReviewsShown | null {
  const raw = island?.dataset.reviewsNow;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as ReviewsShown;
  } catch {
    return null;
  }
}
