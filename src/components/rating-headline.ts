/**
 * The product page's rating headline under the name: its stars and its line (`4.3 (212 ratings) ·
 * 3 reviews`, the reviews part a link to the reviews). One source for the built page
 * (details-html.ts) and for the reviews island, which draws it again after a review (headline.ts).
 */
import { escapeHtml as e } from '#lib/html.ts';
import { ratingHeadline, type RatingSummary } from '#lib/ratings.ts';
import { starsHtml } from './stars.ts';

type Figures = RatingSummary & { numWrittenReviews: number };

/** What `[data-headline-stars]` holds (hidden while there are no ratings). */
export function headlineStarsHtml(figures: Figures): string {
  return starsHtml(figures.rating, 'md');
}

/** What `[data-testid="rating-headline"]` holds. */
export function headlineLineHtml(figures: Figures): string {
  const headline = ratingHeadline(figures);
  return e(headline.ratings) + (headline.reviews ? ` · <a href="#reviews" class="underline-offset-2 hover:text-brand-700 hover:underline">${e(headline.reviews)}</a>` : '');
}
