/**
 * The figures and the written reviews of one product, the one source of their markup: the build
 * writes it into each product page (section-html.ts) and the reviews island shows it through
 * ReviewsSection's ReviewsShownView, at hydration and after a review is posted. Strings rather
 * than components: React rendering these on each of 10,000 product pages cost the build about
 * 0.4 s of CPU, and the island holds no event handler inside them. Every value from a review or
 * the catalogue is escaped (lib/html.ts): the island writes this with `dangerouslySetInnerHTML`.
 */
import { escapeHtml as e } from '#lib/html.ts';
import { STARS, formatCount, formatRating, ratingsLabel, sharePercent } from '#lib/ratings.ts';
import type { Review } from '#lib/schemas/catalog.ts';
import { formatDate } from '#lib/dates.ts';
import { starsHtml } from '#components/stars.ts';
import type { ReviewFigures, ReviewsShown } from './rules.ts';

/** The words in place of the figures when a product has no ratings, and their box's classes. */
export const NO_RATINGS = {
  className: 'mt-4 rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600',
  text: 'No ratings yet. Bought this? Be the first to tell other shoppers what you think.',
};

/** The classes of the box holding the breakdown beside the written reviews. */
export const SHOWN_CLASS = 'mt-4 grid gap-6 md:grid-cols-[16rem_1fr]';

/** The average, its stars and the ratings count, then one row a number of stars with its bar and count. */
function breakdownHtml(figures: ReviewFigures): string {
  const rows = STARS.map((star) => {
    const n = figures.ratingsByStar[star];
    return `<li class="breakdown-row" data-stars="${star}"><span class="w-14 shrink-0">${star} ${star === 1 ? 'star' : 'stars'}</span><span class="breakdown-bar" aria-hidden="true"><span style="width:${sharePercent(n, figures.numRatings)}%"></span></span><span class="breakdown-count" data-testid="star-count">${e(formatCount(n))}<span class="sr-only"> ${n === 1 ? 'rating' : 'ratings'}</span></span></li>`;
  }).join('');
  return `<div data-testid="rating-breakdown"><p class="flex items-baseline gap-2"><span class="text-3xl font-bold text-stone-900" data-testid="average-rating">${e(formatRating(figures.rating))}</span><span class="text-sm text-stone-600">out of 5</span></p>${starsHtml(figures.rating, 'md')}<p class="mt-1 text-sm text-stone-600" data-testid="ratings-count">${e(ratingsLabel(figures.numRatings))}</p><ul class="mt-4 space-y-1.5" aria-label="Ratings by number of stars">${rows}</ul></div>`;
}

/** The written reviews, newest first; names and comments as text, so markup in a review runs nothing. */
function reviewListHtml(reviews: readonly Review[]): string {
  if (reviews.length === 0) {
    return '<p class="self-start rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">No written reviews yet. Bought this? Tell other shoppers what you think.</p>';
  }
  const items = reviews.map(
    (r) =>
      `<li class="min-w-0 rounded-2xl border border-stone-200 bg-white p-5" data-testid="review"><div class="flex items-center justify-between gap-2"><strong class="min-w-0 text-sm break-words text-stone-900" data-testid="review-name">${e(r.userName)}</strong><time dateTime="${e(r.date)}" class="shrink-0 text-xs text-stone-500">${e(formatDate(r.date))}</time></div><div class="mt-1">${starsHtml(r.rating)}</div><p class="mt-2 text-sm leading-6 break-words whitespace-pre-line text-stone-700" data-testid="review-comment">${e(r.comment)}</p></li>`,
  );
  return `<ul class="grid content-start gap-3 lg:grid-cols-2" aria-label="Written reviews" data-testid="review-list">${items.join('')}</ul>`;
}

/** What SHOWN_CLASS's box holds: the breakdown and the written reviews (a product with ratings). */
export function ratedReviewsHtml({ figures, reviews }: ReviewsShown): string {
  return breakdownHtml(figures) + reviewListHtml(reviews);
}

/** The whole part, as ReviewsShownView renders it. */
export function reviewsShownHtml(shown: ReviewsShown): string {
  if (shown.figures.numRatings === 0) return `<p class="${NO_RATINGS.className}">${NO_RATINGS.text}</p>`;
  return `<div class="${SHOWN_CLASS}">${ratedReviewsHtml(shown)}</div>`;
}
