/**
 * A product's star ratings, and the words and numbers shoppers read about them.
 *
 * The stored truth is how many shoppers gave each number of stars (1 to 5). Everything else is
 * derived from it and from nothing else: the ratings count is their sum, the rating their
 * average rounded to one decimal (0 with no ratings). A written review is also a rating: its
 * stars are among those counts. The database computes the same figures in generated columns
 * (see the products table); `summarizeRatings` is the one rule on this side, and the tests
 * check that both agree.
 */
import { formatWhole } from '#lib/numbers.ts';

/** Stars from best to worst, the order shops list the breakdown in. */
export const STARS = [5, 4, 3, 2, 1] as const;
export type Star = (typeof STARS)[number];

/** How many shoppers gave each number of stars: `{ '5': 120, '4': 50, ... }`. */
export type RatingsByStar = Record<`${Star}`, number>;

export const NO_RATINGS: RatingsByStar = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };

export interface RatingSummary {
  /** The average of every rating, rounded to one decimal; 0 when there is none. */
  rating: number;
  /** How many ratings there are, written reviews included. */
  numRatings: number;
}

/**
 * Rounds half up, like PostgreSQL's round() on the exact fraction: `10 * sum / n` is a quotient
 * of small integers, so the division lands exactly on .5 when the true value does.
 */
export function summarizeRatings(byStar: RatingsByStar): RatingSummary {
  let numRatings = 0;
  let stars = 0;
  for (const star of STARS) {
    numRatings += byStar[star];
    stars += star * byStar[star];
  }
  return { numRatings, rating: numRatings === 0 ? 0 : Math.round((10 * stars) / numRatings) / 10 };
}

/** Per-star counts of a list of ratings (e.g. the stars of written reviews). */
export function countStars(ratings: Iterable<number>): RatingsByStar {
  const byStar = { ...NO_RATINGS };
  for (const r of ratings) byStar[String(r) as `${Star}`] += 1;
  return byStar;
}

/** The per-star fields of a product row or catalogue record, `ratings1` … `ratings5`. */
export type StarFields = Record<`ratings${Star}`, number>;

/** Per-star counts from a row or record's `ratings1` … `ratings5` (a field left out counts 0). */
export function starsOf(fields: Partial<Record<keyof StarFields, number | null>>): RatingsByStar {
  return { '1': fields.ratings1 ?? 0, '2': fields.ratings2 ?? 0, '3': fields.ratings3 ?? 0, '4': fields.ratings4 ?? 0, '5': fields.ratings5 ?? 0 };
}

/** Per-star counts as the fields `ratings1` … `ratings5` of a row or catalogue record. */
export function starFields(byStar: RatingsByStar): StarFields {
  return { ratings1: byStar['1'], ratings2: byStar['2'], ratings3: byStar['3'], ratings4: byStar['4'], ratings5: byStar['5'] };
}

export function addRatings(a: RatingsByStar, b: RatingsByStar): RatingsByStar {
  return { '1': a['1'] + b['1'], '2': a['2'] + b['2'], '3': a['3'] + b['3'], '4': a['4'] + b['4'], '5': a['5'] + b['5'] };
}

/**
 * The stars whose count is below the written reviews that carry them: each one is a
 * contradiction (a review shown whose rating is not counted). Empty when the counts hold them all.
 */
export function uncountedStars(byStar: RatingsByStar, written: RatingsByStar): { star: Star; counted: number; written: number }[] {
  return STARS.filter((s) => byStar[s] < written[s]).map((s) => ({ star: s, counted: byStar[s], written: written[s] }));
}

/** `1,500`: a count as the pages print it. */
export function formatCount(n: number): string {
  return formatWhole(n);
}

/** `1 rating`, `212 ratings` */
export function ratingsLabel(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'rating' : 'ratings'}`;
}

/** `1 review`, `3 reviews` (written reviews) */
export function reviewsLabel(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'review' : 'reviews'}`;
}

/** `4.3` */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** What the stars say to a screen reader: `Rated 4.3 out of 5`. */
export function ratedLabel(rating: number): string {
  return `Rated ${formatRating(rating)} out of 5`;
}

/**
 * The product page's line under the name: `4.3 (212 ratings) · 3 reviews`, or `No ratings yet`.
 * The two parts are returned apart so the page can link the reviews part to the reviews.
 */
export function ratingHeadline(p: RatingSummary & { numWrittenReviews: number }): { ratings: string; reviews?: string } {
  if (p.numRatings === 0) return { ratings: 'No ratings yet' };
  return { ratings: `${formatRating(p.rating)} (${ratingsLabel(p.numRatings)})`, reviews: reviewsLabel(p.numWrittenReviews) };
}

/** Width of a breakdown bar, in percent of all ratings. */
export function sharePercent(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}
