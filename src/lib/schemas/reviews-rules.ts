/**
 * The reviews' shared rules without any zod schema: the limits and the messages. Apart from reviews.ts (which re-exports them and builds
 * PostReviewSchema from them) so the review form can use them without the schema: every zod check
 * a browser module builds joins the chunk every page loads (astro.config.mjs), and the text pages
 * have no room for z.trim, z.maxLength and z.strictObject.
 */
import { PRODUCT_ID_MAX_LENGTH } from '../product-id.ts';

export const REVIEW_LIMITS = { comment: 2000, userName: 80, productId: PRODUCT_ID_MAX_LENGTH } as const;

export const REVIEW_MESSAGES = {
  submitted: 'Review submitted!',
  rating: 'Please choose a rating from 1 to 5 stars.',
  commentRequired: 'Please write a comment.',
  commentTooLong: `Your review must be at most ${REVIEW_LIMITS.comment.toLocaleString('en-US')} characters.`,
  controls: 'Your review must not contain control characters.',
  productRequired: 'Product id is required.',
  productInvalid: 'Product id must not contain control characters.',
  notYours: 'You can only post and read your own reviews.',
} as const;

