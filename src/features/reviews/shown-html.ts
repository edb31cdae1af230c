/**
 * ReviewsShownView's HTML (the figures and the written reviews of one product) as a string, for
 * the build: byte for byte what React's renderToString makes of it (section-html.test.ts), so the
 * island hydrates over it, without React rendering on each of 10,000 product pages (about 0.4 s of
 * the build's CPU). Change it with RatingBreakdown.tsx, ReviewList.tsx and Stars.tsx.
 */
import { STARS, formatCount, formatRating, ratedLabel, ratingsLabel, sharePercent } from '#lib/ratings.ts';
import type { Review } from '#lib/schemas/catalog.ts';
import { formatDate } from '#lib/dates.ts';
import { starsPercent } from '#components/stars.ts';
import type { ReviewFigures, ReviewsShown } from './rules.ts';

const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** Text and attribute values escaped as React escapes them. */
function escape(text: string | number): string {
  return String(text).replace(/["&'<>]/g, (c) => ESCAPES[c]);
}

/** Stars.tsx */
function starsHtml(rating: number, size: 'sm' | 'md' = 'sm'): string {
  return `<span class="inline-flex items-center gap-1" aria-label="${escape(ratedLabel(rating))}" role="img"><span class="stars ${size === 'sm' ? 'text-sm' : 'text-lg'}" aria-hidden="true"><span class="stars-back">★★★★★</span><span class="stars-front" style="width:${starsPercent(rating)}%">★★★★★</span></span></span>`;
}

/** RatingBreakdown.tsx */
function breakdownHtml(figures: ReviewFigures): string {
  const rows = STARS.map((star) => {
    const n = figures.ratingsByStar[star];
    return `<li class="breakdown-row" data-stars="${star}"><span class="w-14 shrink-0">${star} ${star === 1 ? 'star' : 'stars'}</span><span class="breakdown-bar" aria-hidden="true"><span style="width:${sharePercent(n, figures.numRatings)}%"></span></span><span class="breakdown-count" data-testid="star-count">${escape(formatCount(n))}<span class="sr-only"> ${n === 1 ? 'rating' : 'ratings'}</span></span></li>`;
  }).join('');
  return `<div data-testid="rating-breakdown"><p class="flex items-baseline gap-2"><span class="text-3xl font-bold text-stone-900" data-testid="average-rating">${escape(formatRating(figures.rating))}</span><span class="text-sm text-stone-600">out of 5</span></p>${starsHtml(figures.rating, 'md')}<p class="mt-1 text-sm text-stone-600" data-testid="ratings-count">${escape(ratingsLabel(figures.numRatings))}</p><ul class="mt-4 space-y-1.5" aria-label="Ratings by number of stars">${rows}</ul></div>`;
}

/** ReviewList.tsx */
function reviewListHtml(reviews: readonly Review[]): string {
  if (reviews.length === 0) {
    return '<p class="self-start rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">No written reviews yet. Bought this? Tell other shoppers what you think.</p>';
  }
  const items = reviews.map(
    (r) =>
      `<li class="min-w-0 rounded-2xl border border-stone-200 bg-white p-5" data-testid="review"><div class="flex items-center justify-between gap-2"><strong class="min-w-0 text-sm break-words text-stone-900" data-testid="review-name">${escape(r.userName)}</strong><time dateTime="${escape(r.date)}" class="shrink-0 text-xs text-stone-500">${escape(formatDate(r.date))}</time></div><div class="mt-1">${starsHtml(r.rating)}</div><p class="mt-2 text-sm leading-6 break-words whitespace-pre-line text-stone-700" data-testid="review-comment">${escape(r.comment)}</p></li>`,
  );
  return `<ul class="grid content-start gap-3 lg:grid-cols-2" aria-label="Written reviews" data-testid="review-list">${items.join('')}</ul>`;
}

/** ReviewsSection.tsx's ReviewsShownView. */
export function reviewsShownHtml({ figures, reviews }: ReviewsShown): string {
  if (figures.numRatings === 0) {
    return '<p class="mt-4 rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">No ratings yet. Bought this? Be the first to tell other shoppers what you think.</p>';
  }
  return `<div class="mt-4 grid gap-6 md:grid-cols-[16rem_1fr]">${breakdownHtml(figures)}${reviewListHtml(reviews)}</div>`;
}
