/**
 * The average, its stars and the ratings count, then one row a number of stars with its bar and
 * count. Texts are one string each: React marks every boundary between adjacent texts in the
 * built HTML.
 */
import { Stars } from '#components/Stars.tsx';
import { STARS, formatCount, formatRating, ratingsLabel, sharePercent } from '#lib/ratings.ts';
import type { ReviewFigures } from './rules.ts';

export function RatingBreakdown({ figures }: { figures: ReviewFigures }) {
  return (
    <div data-testid="rating-breakdown">
      <p className="flex items-baseline gap-2">
        <span className="text-3xl font-bold text-stone-900" data-testid="average-rating">
          {formatRating(figures.rating)}
        </span>
        <span className="text-sm text-stone-600">out of 5</span>
      </p>
      <Stars rating={figures.rating} size="md" />
      <p className="mt-1 text-sm text-stone-600" data-testid="ratings-count">
        {ratingsLabel(figures.numRatings)}
      </p>
      <ul className="mt-4 space-y-1.5" aria-label="Ratings by number of stars">
        {STARS.map((star) => {
          const n = figures.ratingsByStar[star];
          return (
            <li key={star} className="breakdown-row" data-stars={star}>
              <span className="w-14 shrink-0">{`${star} ${star === 1 ? 'star' : 'stars'}`}</span>
              <span className="breakdown-bar" aria-hidden="true">
                <span style={{ width: `${sharePercent(n, figures.numRatings)}%` }}></span>
              </span>
              <span className="breakdown-count" data-testid="star-count">
                {formatCount(n)}
                <span className="sr-only">{` ${n === 1 ? 'rating' : 'ratings'}`}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
