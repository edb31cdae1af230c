/**
 * A rating out of 5 as stars, the one source of their markup: the static pages (the product card,
 * the product page's headline, the reviews), the reviews island and the scripts that draw before
 * React all use these strings. A string because it is drawn thousands of times a build and in
 * islands through `dangerouslySetInnerHTML` (it holds no event handler).
 */
import { attr } from '#lib/html.ts';
import { ratedLabel } from '#lib/ratings.ts';

/** Width of the gold layer of the stars, as a CSS percentage of five stars. */
export function starsPercent(rating: number): number {
  return Math.max(0, Math.min(100, (rating / 5) * 100));
}

export type StarsSize = 'sm' | 'md';

/** The five stars with the gold layer over them; `own` are the outer span's attributes after its class. */
function starsGlyphs(rating: number, size: StarsSize, own: string): string {
  return `<span class="stars ${size === 'sm' ? 'text-sm' : 'text-lg'}"${own}><span class="stars-back">★★★★★</span><span class="stars-front" style="width:${starsPercent(rating)}%">★★★★★</span></span>`;
}

/** Stars in a box of their own labelled as an image ("Rated 4.3 out of 5"): the product page and the reviews. */
export function starsHtml(rating: number, size: StarsSize = 'sm'): string {
  return `<span class="inline-flex items-center gap-1"${attr('aria-label', ratedLabel(rating))} role="img">${starsGlyphs(rating, size, ' aria-hidden="true"')}</span>`;
}

/** The stars themselves as the labelled image, for a box that holds more (the card's stars and count). */
export function starsImageHtml(rating: number, size: StarsSize = 'sm'): string {
  return starsGlyphs(rating, size, ` role="img"${attr('aria-label', ratedLabel(rating))}`);
}
