/**
 * The rating headline under the product's name (ProductDetails.astro: `[data-rating-headline]`
 * holding the stars and `data-testid="rating-headline"`) is static HTML outside the reviews
 * island; after a review the island draws the fresh figures there too, from the markup the build
 * wrote it with (components/rating-headline.ts, every value escaped).
 */
import { headlineLineHtml, headlineStarsHtml } from '#components/rating-headline.ts';
import type { ReviewFigures } from './rules.ts';

export function showHeadline(figures: ReviewFigures, doc: Document = document): void {
  const box = doc.querySelector('[data-rating-headline]');
  if (!box) return;
  const stars = box.querySelector<HTMLElement>('[data-headline-stars]');
  if (stars) {
    stars.hidden = figures.numRatings === 0;
    stars.innerHTML = headlineStarsHtml(figures);
  }
  const line = box.querySelector('[data-testid="rating-headline"]');
  if (line) line.innerHTML = headlineLineHtml(figures);
}
