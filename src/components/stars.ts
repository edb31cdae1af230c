import { attr, escapeHtml } from '#lib/html.ts';
import { ratedLabel } from '#lib/ratings.ts';

/** Width of the gold layer of the stars, as a CSS percentage of five stars. */
export function starsPercent(rating: number): number {
  return Math.max(0, Math.min(100, (rating / 5) * 100));
}

/** Rating out of 5 as stars, with an accessible label ("Rated 4.3 out of 5"), and the count after them when given (Stars.astro). */
export function starsHtml(rating: number, { count, size = 'sm' }: { count?: number; size?: 'sm' | 'md' } = {}): string {
  const text = size === 'sm' ? 'text-sm' : 'text-lg';
  return (
    `<span class="inline-flex items-center gap-1"${attr('aria-label', ratedLabel(rating))} role="img">` +
    `<span class="stars ${text}" aria-hidden="true"><span class="stars-back">★★★★★</span><span class="stars-front" style="width:${starsPercent(rating)}%">★★★★★</span></span>` +
    (count !== undefined ? `<span class="text-xs text-stone-500" aria-hidden="true">(${escapeHtml(count)})</span>` : '') +
    `</span>`
  );
}
