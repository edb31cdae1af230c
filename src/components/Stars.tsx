/**
 * Stars.astro for React islands: a rating out of 5 as stars, with an accessible label ("Rated 4.3
 * out of 5"). The same markup and classes; change the two together.
 */
import { ratedLabel } from '#lib/ratings.ts';
import { starsPercent } from './stars.ts';

export function Stars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'md' }) {
  return (
    <span className="inline-flex items-center gap-1" aria-label={ratedLabel(rating)} role="img">
      <span className={`stars ${size === 'sm' ? 'text-sm' : 'text-lg'}`} aria-hidden="true">
        <span className="stars-back">★★★★★</span>
        <span className="stars-front" style={{ width: `${starsPercent(rating)}%` }}>
          ★★★★★
        </span>
      </span>
    </span>
  );
}
