/**
 * The reviews section as the build composes it (a frame rendered once, the figures and reviews a
 * page) must be exactly what React renders of the whole section: the island hydrates over it.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ReviewsSection, { ReviewsShownView, type ReviewsSectionProps } from './ReviewsSection.tsx';
import { reviewsSectionHtml } from './section-html.ts';
import { reviewsShownHtml } from './shown-html.ts';

const none = { rating: 0, numRatings: 0, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, numWrittenReviews: 0 };
const rated = { rating: 4.3, numRatings: 1234, ratingsByStar: { '1': 1, '2': 0, '3': 33, '4': 600, '5': 600 }, numWrittenReviews: 2 };
const reviews = [
  { _id: 'r2', userName: '<b>Bilal</b>', rating: 4, comment: '</script><script>window.__xss=1</script>', date: '2026-11-20T10:00:00.000Z' },
  { _id: 'r1', userName: 'Ayesha Khan', rating: 5, comment: 'Fresh and tasty.\nWould buy again.', date: '2026-11-14T10:00:00.000Z' },
  { _id: 'r0', userName: `O'Brien "Bee" & Sons`, rating: 1, comment: `Didn't arrive; "fresh" & <i>cold</i> > warm`, date: '2026-01-02T23:30:00.000Z' },
];
const oneOfEach = { rating: 3, numRatings: 1, ratingsByStar: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 0 }, numWrittenReviews: 1 };

const cases: [string, ReviewsSectionProps][] = [
  ['no ratings', { productId: 'p-001', figures: none, reviews: [] }],
  ['ratings, no written reviews', { productId: 'p-002', figures: { ...rated, numWrittenReviews: 0 }, reviews: [] }],
  ['ratings and written reviews', { productId: 'p-003', figures: rated, reviews }],
  ['one rating, one review with quotes and ampersands', { productId: 'p-004', figures: oneOfEach, reviews: reviews.slice(2) }],
  ['a rating of 2.25 and large counts', { productId: 'p-005', figures: { rating: 2.25, numRatings: 1_234_567, ratingsByStar: { '1': 1_000_000, '2': 234_567, '3': 0, '4': 0, '5': 0 }, numWrittenReviews: 0 }, reviews: [] }],
];

describe('reviewsSectionHtml', () => {
  it.each(cases)('is renderToString of the whole section: %s', (_, props) => {
    expect(reviewsSectionHtml(props)).toBe(renderToString(createElement(ReviewsSection, props)));
  });

  it.each(cases)("is, in its figures and reviews, what the island shows after a review is posted: %s", (_, { figures, reviews }) => {
    expect(renderToString(createElement(ReviewsShownView, { shown: { figures, reviews } }))).toBe(reviewsShownHtml({ figures, reviews }));
  });

  it('renders the frame once and the figures every time', () => {
    const first = reviewsSectionHtml(cases[2][1]);
    expect(reviewsSectionHtml(cases[0][1])).not.toBe(first);
    expect(reviewsSectionHtml(cases[2][1])).toBe(first);
  });
});
