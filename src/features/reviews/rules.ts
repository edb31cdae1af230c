/**
 * The review form's pure rules: what the form checks before it sends (the server's own rules
 * and words: PostReviewSchema's limits and messages, from reviews-rules.ts; rules.test.ts checks
 * that both agree on any draft), what a failure says, what the section shows after a review is
 * posted, and the note about a review already written.
 */
import type { Review } from '#lib/schemas/catalog.ts';
import { CONTROL_CHARACTERS_BUT_LINES } from '#lib/control-characters.ts';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '#lib/schemas/reviews-rules.ts';
import type { OwnReview, PostReviewBody, ReviewedProductFigures } from '#lib/schemas/reviews.ts';
import { formatDate } from '#lib/dates.ts';
import { formatWhole } from '#lib/numbers.ts';

/** The fields the form shows messages beside; `form` is a message about the whole review. */
export type ReviewField = 'rating' | 'comment';
export type ReviewErrors = Partial<Record<ReviewField | 'form', string>>;

/** What the form holds: the stars chosen (0 for none yet) and the comment as typed. */
export interface ReviewDraft {
  rating: number;
  comment: string;
}

/** The figures the section and the page's headline show. */
export type ReviewFigures = ReviewedProductFigures;

/** The section's content: figures and written reviews, newest first. */
export interface ReviewsShown {
  figures: ReviewFigures;
  reviews: Review[];
}

export type CheckedReview = { ok: true; body: PostReviewBody } | { ok: false; errors: ReviewErrors };

/** Whether `s` is longer than `max` code points, as zod measures strings (an emoji is one, not two UTF-16 units). */
function longerThan(s: string, max: number): boolean {
  return s.length > max && [...s].length > max;
}

/**
 * The body to send, or the messages to show and no call: PostReviewSchema's checks in plain code
 * (the schema itself would add its zod checks to every page's JavaScript). The rating is checked
 * before the comment, and each field shows its first message only, as the server's 400 does.
 */
export function checkReview(productId: string, draft: ReviewDraft, userName?: string): CheckedReview {
  const errors: ReviewErrors = {};
  const id = productId.trim();
  if (!id || longerThan(id, REVIEW_LIMITS.productId)) errors.form = REVIEW_MESSAGES.productRequired;
  const { rating } = draft;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) errors.rating = REVIEW_MESSAGES.rating;
  const comment = draft.comment.trim();
  if (!comment) errors.comment = REVIEW_MESSAGES.commentRequired;
  else if (longerThan(comment, REVIEW_LIMITS.comment)) errors.comment = REVIEW_MESSAGES.commentTooLong;
  else if (CONTROL_CHARACTERS_BUT_LINES.test(comment)) errors.comment = REVIEW_MESSAGES.controls;
  if (errors.form || errors.rating || errors.comment) return { ok: false, errors };
  return { ok: true, body: { productId: id, rating, comment, ...(userName ? { userName: userName.slice(0, REVIEW_LIMITS.userName) } : {}) } };
}

/**
 * The messages still to show while the shopper fixes the form: a field's message goes as soon as
 * its value, changed since the message appeared (`edited`), passes the field's check; the others
 * stay until the next submit.
 */
export function stillWrong(errors: ReviewErrors, draft: ReviewDraft, edited: ReadonlySet<ReviewField>): ReviewErrors {
  const now = checkReview('product', draft);
  const current = now.ok ? {} : now.errors;
  const shown: ReviewErrors = { ...errors };
  for (const field of edited) if (!current[field]) delete shown[field];
  return shown;
}

/** The messages of `errors` in the order of the form (stars first), for the alert above the button. */
export function errorList(errors: ReviewErrors): string[] {
  return (['form', 'rating', 'comment'] as const).map((f) => errors[f]).filter((m): m is string => Boolean(m));
}

/** Per-field messages of a 400 reply, kept to the fields the form shows. */
export function fieldErrors(fields: Record<string, string> | undefined): ReviewErrors {
  const errors: ReviewErrors = {};
  if (typeof fields?.rating === 'string') errors.rating = fields.rating;
  if (typeof fields?.comment === 'string') errors.comment = fields.comment;
  return errors;
}

/**
 * `1,987 characters left`, `1 character left`, or how far over the limit the comment is (the
 * textarea's maxLength stops typing at the limit; a value set another way may pass it).
 */
export function charactersLeft(comment: string): { text: string; over: boolean } {
  const left = REVIEW_LIMITS.comment - comment.length;
  if (left < 0) return { text: `${formatWhole(-left)} ${left === -1 ? 'character' : 'characters'} too many`, over: true };
  return { text: `${formatWhole(left)} ${left === 1 ? 'character' : 'characters'} left`, over: false };
}

export const NETWORK_FAILURE = 'We could not reach the store. Please check your connection and try again.';
export const TIMEOUT_FAILURE = 'The store took too long to answer. Please try again: posting again replaces, never doubles, your review.';
export const SERVER_FAILURE = 'Something went wrong on our side and your review was not saved. Please try again in a moment.';

/**
 * What a failed call says to the shopper: the server's own message when it answered with one
 * (a 4xx reply), else words of our own for no network, no answer in time, or a server error.
 */
export function failureText(error: { kind: string; message: string; status?: number }): string {
  if (error.kind === 'network') return NETWORK_FAILURE;
  if (error.kind === 'timeout') return TIMEOUT_FAILURE;
  const answered = error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500;
  if (answered && error.message && !/^Request failed \(Status: \d+\)$/.test(error.message)) return error.message;
  return SERVER_FAILURE;
}

/** `1 star`, `4 stars` */
export function starsLabel(n: number): string {
  return `${n} ${n === 1 ? 'star' : 'stars'}`;
}

/** The note over the form when the shopper has reviewed the product already. */
export function ownReviewNote(own: Pick<OwnReview, 'rating' | 'date'>): string {
  return `You reviewed this product on ${formatDate(own.date)} (${starsLabel(own.rating)}). Posting again replaces that review.`;
}

/**
 * The section after a review was posted, when the fresh product could not be read: the figures
 * the review's own transaction saw, and the review first in the list in place of the shopper's
 * earlier one (by its id, or the id of the review it replaced).
 */
export function withPostedReview(shown: ReviewsShown, posted: { review: Review; product: ReviewFigures }, replacedId?: string): ReviewsShown {
  const drop = new Set([posted.review._id, ...(replacedId ? [replacedId] : [])]);
  return { figures: posted.product, reviews: [posted.review, ...shown.reviews.filter((r) => !drop.has(r._id))] };
}

/** What each number of stars means, shown beside the picker once stars are chosen. */
export const RATING_WORDS = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' } as const;

/** The words beside the star picker: `4 of 5 stars: Very good`, or a prompt while none is chosen. */
export function ratingChoice(rating: number): string {
  const word = RATING_WORDS[rating as keyof typeof RATING_WORDS];
  return word ? `${rating} of 5 stars: ${word}` : 'Choose 1 to 5 stars';
}
