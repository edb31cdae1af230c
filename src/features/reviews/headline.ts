/**
 * The rating headline under the product's name (ProductDetails.astro: `[data-rating-headline]`
 * holding the stars and `data-testid="rating-headline"`) is static HTML outside the reviews
 * island; after a review the island shows the fresh figures there too. Text is set as text.
 */
import { starsPercent } from '#components/stars.ts';
import { ratedLabel, ratingHeadline } from '#lib/ratings.ts';
import type { ReviewFigures } from './rules.ts';

export function showHeadline(figures: ReviewFigures, doc: Document = document): void {
  const box = doc.querySelector('[data-rating-headline]');
  if (!box) return;
  const stars = box.querySelector<HTMLElement>('[data-headline-stars]');
  if (stars) {
    stars.hidden = figures.numRatings === 0;
    stars.querySelector('[role="img"]')?.setAttribute('aria-label', ratedLabel(figures.rating));
    const front = stars.querySelector<HTMLElement>('.stars-front');
    if (front) front.style.width = `${starsPercent(figures.rating)}%`;
  }
  const line = box.querySelector('[data-testid="rating-headline"]');
  if (!line) return;
  const headline = ratingHeadline(figures);
  const parts: (string | Node)[] = [headline.ratings];
  if (headline.reviews) {
    const link = doc.createElement('a');
    link.href = '#reviews';
    link.className = 'underline-offset-2 hover:text-brand-700 hover:underline';
    link.textContent = headline.reviews;
    parts.push(' · ', link);
  }
  line.replaceChildren(...parts);
}
