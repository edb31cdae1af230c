/**
 * The product's reviews and figures as they are now (GET /api/products/{id}/related), and the
 * product page's one read of them: the built page shows the reviews of its build, so once the
 * reviews section comes into view (live-reviews.ts) they are read again, and the island, when it
 * runs, shows what that read found. Small on purpose: the plain script that watches the section
 * loads it before any React.
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

let pageRead: Promise<ReviewsShown | null> | undefined;

/** The page's read of the product's reviews, started once (by live-reviews.ts); null when it failed. */
export function readPageReviews(productId: string): Promise<ReviewsShown | null> {
  pageRead ??= freshReviews(productId).then((result) => (result.ok ? result.data : null));
  return pageRead;
}

/** That read, when it was started; the island waits for it to show what is true now. */
export function pageReviewsRead(): Promise<ReviewsShown | null> | undefined {
  return pageRead;
}
