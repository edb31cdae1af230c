/**
 * The category and review desk's limits, messages and field rules, without any zod schema: the
 * staff pages check with these as the editor types, and the server's schemas (catalog-desk.ts)
 * use the same functions and words.
 */
import { NO_CONTROLS_BUT_LINES } from '../control-characters.ts';
import { CATEGORY_NAME_MAX, CATEGORY_NAME_WORDS, categoryNameFault } from '../category-name.ts';

export { CATEGORY_NAME_MAX, CATEGORY_NAME_WORDS, categoryNameFault };

export const CATEGORY_DESCRIPTION_MAX = 2000;
export const HIDE_REASON_MAX = 500;
/** Categories in the store stay few (the menu shows them all); a reorder names every one. */
export const CATEGORIES_MAX = 500;

export const CATEGORY_MESSAGES = {
  name: 'Please give the category a name.',
  nameLong: `Please keep the name to ${CATEGORY_NAME_MAX} characters.`,
  nameControls: 'The name must not contain control characters.',
  nameSlash: `The name ${CATEGORY_NAME_WORDS.slash}.`,
  nameDots: `The name ${CATEGORY_NAME_WORDS.dots}.`,
  nameTaken: (name: string) => `A category named '${name}' already exists.`,
  idTaken: (id: string) => `A category with the id '${id}' already exists.`,
  idRule: 'must be lowercase letters, digits and dashes',
  idFromName: 'Please use a name with at least one letter or digit.',
  description: `Please keep the description to ${CATEGORY_DESCRIPTION_MAX} characters.`,
  descriptionControls: 'The description must not contain control characters.',
  unknown: 'No category with that id.',
  order: 'Please name every category once, in the new order.',
  nothing: 'Nothing to change.',
  conflict: (name: string, at: string) =>
    `This category was changed by ${name} at ${at} since you opened it. Your changes were not saved: see what changed, then save again.`,
} as const;

export const REVIEW_MODERATION_MESSAGES = {
  reason: 'Please write why the review is hidden.',
  reasonLong: `Please keep the reason to ${HIDE_REASON_MAX} characters.`,
  reasonControls: 'The reason must not contain control characters.',
  unknown: 'No review with that id.',
  hiddenAlready: 'This review is hidden already.',
  shownAlready: 'This review is shown already.',
  hidden: 'The review is hidden; the product’s rating no longer counts it.',
  shown: 'The review is shown again; the product’s rating counts it.',
} as const;

const C = CATEGORY_MESSAGES;
const R = REVIEW_MODERATION_MESSAGES;

/** What is wrong with a category name as typed (trimmed), or null. */
export function categoryNameProblem(name: string): string | null {
  const fault = categoryNameFault(name);
  return fault && { required: C.name, long: C.nameLong, controls: C.nameControls, slash: C.nameSlash, dots: C.nameDots }[fault];
}

/** What is wrong with a category description as typed, or null (empty is fine). */
export function categoryDescriptionProblem(text: string): string | null {
  const t = text.trim();
  if (t.length > CATEGORY_DESCRIPTION_MAX) return C.description;
  if (!NO_CONTROLS_BUT_LINES.test(t)) return C.descriptionControls;
  return null;
}

/** What is wrong with the reason for hiding a review, or null: 1 to 500 characters, lines allowed. */
export function hideReasonProblem(reason: string): string | null {
  const t = reason.trim();
  if (!t) return R.reason;
  if (t.length > HIDE_REASON_MAX) return R.reasonLong;
  if (!NO_CONTROLS_BUT_LINES.test(t)) return R.reasonControls;
  return null;
}

/** A review as the moderation list gives it; `hidden.by` is the staff member's name (staff only). */
export interface ModeratedReview {
  _id: string;
  productId: string;
  productName: string;
  userName: string;
  rating: number;
  comment: string;
  date: string;
  hidden: null | { at: string; reason: string; by: string | null };
}

export interface ModeratedReviewsPage {
  reviews: ModeratedReview[];
  next: string | null;
}

/** The product's figures after a hide or show. */
export interface ModeratedProductFigures {
  rating: number;
  numRatings: number;
  ratingsByStar: Record<'1' | '2' | '3' | '4' | '5', number>;
  numWrittenReviews: number;
}

export interface StaffCategory {
  _id: string;
  name: string;
  description: string;
  images: string[];
  position: number;
  version: number;
  productCount: number;
}

/** An old category name and the category it now leads to. */
export interface CategoryRedirect {
  oldName: string;
  categoryId: string;
}
