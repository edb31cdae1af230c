/**
 * Reviews: the body the reviews API and the review form accept, its messages, and the replies.
 * zod/mini, so the form's island stays small; the server validates with the same schema.
 *
 * The contract, in short:
 *   POST /api/users/{userId}/review   `Authorization: Bearer` required; body PostReviewBody
 *     201 {success, message: 'Review submitted!', data: PostedReview}   the shopper's first review of it
 *     200 {success, message: 'Review submitted!', data: PostedReview}   it replaced their earlier one
 *     400 {success:false, message, errors}   errors keyed by field, with REVIEW_MESSAGES' words
 *     401 no token, or one that is unknown, expired or revoked
 *     403 {success:false, message: REVIEW_MESSAGES.notYours}   userId is not the token's owner
 *     404 {success:false, message: 'Product not found'}
 *   GET /api/users/{userId}/review?productId=ID   Bearer required, the owner only (401/403 as above)
 *     200 {success, data: {review: OwnReview | null}}   the shopper's own review of that product
 *   GET /api/products/{id}/related   {success, data: {product: ProductDetail}}: the product itself (not its
 *     related products), read fresh with its reviews
 *
 * One review per shopper per product: a second one replaces the first (its stars move from the old
 * count to the new one, and its date becomes the new one's). The review is shown under the account's
 * name; `userName` in the body is accepted (the review payload carries it) and not trusted.
 */
import * as z from 'zod/mini';
import type { OwnReviewSchema, PostedReviewSchema, ReviewedProductFiguresSchema } from './catalog.ts';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_BUT_LINES } from '../control-characters.ts';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from './reviews-rules.ts';

export { REVIEW_LIMITS, REVIEW_MESSAGES } from './reviews-rules.ts';

export const PostReviewSchema = z.strictObject({
  productId: z.string(REVIEW_MESSAGES.productRequired).check(
    z.trim(),
    z.minLength(1, REVIEW_MESSAGES.productRequired),
    z.maxLength(REVIEW_LIMITS.productId, REVIEW_MESSAGES.productRequired),
    z.refine((s) => !CONTROL_CHARACTERS.test(s), REVIEW_MESSAGES.productInvalid),
  ),
  /** Whole stars, 1 to 5 (0 is refused: the form asks for stars instead of sending none). */
  rating: z.number(REVIEW_MESSAGES.rating).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, REVIEW_MESSAGES.rating)),
  comment: z.string(REVIEW_MESSAGES.commentRequired).check(
    z.trim(),
    z.minLength(1, REVIEW_MESSAGES.commentRequired),
    z.maxLength(REVIEW_LIMITS.comment, REVIEW_MESSAGES.commentTooLong),
    z.refine((s) => !CONTROL_CHARACTERS_BUT_LINES.test(s), REVIEW_MESSAGES.controls),
  ),
  /** The payload may name the shopper; the server shows the account's name instead. */
  userName: z.optional(z.string().check(z.maxLength(REVIEW_LIMITS.userName), z.refine((s) => !CONTROL_CHARACTERS_BUT_LINES.test(s), REVIEW_MESSAGES.controls))),
});
export type PostReviewBody = z.input<typeof PostReviewSchema>;

/** The replies' types, from their schemas (catalog.ts: full zod, which the browser never loads). */
export type ReviewedProductFigures = z.infer<typeof ReviewedProductFiguresSchema>;
export type PostedReview = z.infer<typeof PostedReviewSchema>;
export type OwnReview = z.infer<typeof OwnReviewSchema>;
