/**
 * The reviews' one API module (the contract in src/lib/schemas/reviews.ts). Every call goes
 * through the ApiClient or authedRequest, never throws, and parses the reply with zod/mini into
 * the app's own types; a failure comes back with the words a shopper reads (rules.ts
 * failureText) and, for a 400, the per-field messages.
 *
 * zod/mini with only the checks other islands already use (object, string, number, array,
 * optional, nonnegative): zod joins the chunk every page loads (astro.config.mjs), so a new
 * kind of check here would cost every page.
 */
import * as z from 'zod/mini';
import type { OwnReview, PostReviewBody, PostedReview } from '#lib/schemas/reviews.ts';
import { authedRequest, type AuthedOptions } from '#features/session/api.ts';
import { currentAccount } from '#features/account/api.ts';
import { failureText, fieldErrors, type ReviewErrors } from './rules.ts';
import { dataOf, FiguresShape, ReviewShape } from './fresh.ts';

const PostedShape = z.object({ review: ReviewShape, product: FiguresShape });
const OwnShape = z.object({ _id: z.string(), productId: z.string(), userName: z.string(), rating: z.number(), comment: z.string(), date: z.string() });

export type Failure = { ok: false; message: string; status?: number; errors?: ReviewErrors };
export type Outcome<T> = ({ ok: true } & T) | Failure;

function failed(error: { kind: string; message: string; status?: number; fields?: Record<string, string> }): Failure {
  return { ok: false, message: failureText(error), status: error.status, errors: fieldErrors(error.fields) };
}

const INVALID: Failure = { ok: false, message: 'The store sent a reply we could not read. Please reload the page and try again.' };


/** The signed-in shopper's id (GET /api/users/me), for the review paths. */
export async function reviewerId(options?: AuthedOptions): Promise<Outcome<{ userId: string; name: string }>> {
  const me = await currentAccount(options);
  return me.ok ? { ok: true, userId: me.account.id, name: me.account.name } : { ok: false, message: me.message, status: me.status };
}

/** POST /api/users/{userId}/review: 201 a first review, 200 one that replaced the shopper's earlier one. */
export async function postReview(userId: string, body: PostReviewBody, options?: AuthedOptions): Promise<Outcome<{ posted: PostedReview }>> {
  const result = await authedRequest(`/api/users/${encodeURIComponent(userId)}/review`, { method: 'POST', body }, options);
  if (!result.ok) return failed(result.error);
  const data = dataOf(result.data);
  const parsed = PostedShape.safeParse(data);
  if (!parsed.success) return INVALID;
  const replaced = (data as { replaced?: unknown }).replaced === true;
  return { ok: true, posted: { ...parsed.data, replaced } };
}

/** GET /api/users/{userId}/review?productId=: the shopper's own review of the product, or null. */
export async function ownReview(userId: string, productId: string, options?: AuthedOptions): Promise<Outcome<{ review: OwnReview | null }>> {
  const result = await authedRequest(`/api/users/${encodeURIComponent(userId)}/review`, { query: { productId } }, options);
  if (!result.ok) return failed(result.error);
  const data = dataOf(result.data);
  const review = data && typeof data === 'object' ? (data as { review?: unknown }).review : undefined;
  if (review === null) return { ok: true, review: null };
  const parsed = OwnShape.safeParse(review);
  return parsed.success ? { ok: true, review: parsed.data } : INVALID;
}

export { freshReviews } from './fresh.ts';
