/**
 * What the build renders of the reviews island (the static HTML every product page has before any
 * JavaScript): the figures, the written reviews as text, and a form that is a real radio group.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { REVIEW_LIMITS } from '#lib/schemas/reviews.ts';
import ReviewsSection from './ReviewsSection.tsx';

const figures = { rating: 4.3, numRatings: 3, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 2, '5': 1 }, numWrittenReviews: 2 };
const XSS = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';
const reviews = [
  { _id: 'r2', userName: '<b>Bilal</b>', rating: 4, comment: XSS, date: '2026-11-20T10:00:00.000Z' },
  { _id: 'r1', userName: 'Ayesha Khan', rating: 5, comment: 'Fresh and tasty.', date: '2026-11-14T10:00:00.000Z' },
];
const render = (props: Partial<Parameters<typeof ReviewsSection>[0]> = {}) =>
  renderToStaticMarkup(createElement(ReviewsSection, { productId: 'p-001', figures, reviews, ...props }));

describe('ReviewsSection as built', () => {
  it('shows the average, the ratings by number of stars and the written reviews, newest first', () => {
    const html = render();
    expect(html).toMatch(/^<section data-account-island="" id="reviews" class="mt-12" aria-labelledby="reviews-heading" data-testid="reviews">/);
    expect(html).toContain('<span class="text-3xl font-bold text-stone-900" data-testid="average-rating">4.3</span>');
    expect(html).toContain('aria-label="Rated 4.3 out of 5" role="img"');
    expect(html).toContain('data-testid="ratings-count">3 ratings</p>');
    const counts = [...html.matchAll(/data-testid="star-count">(\d+)</g)].map((m) => m[1]);
    expect(counts).toEqual(['1', '2', '0', '0', '0']);
    expect(html).toContain('<span style="width:67%"></span>');
    expect([...html.matchAll(/data-testid="review"/g)]).toHaveLength(2);
    expect(html.indexOf('&lt;b&gt;Bilal')).toBeLessThan(html.indexOf('Ayesha Khan'));
    expect(html).toContain('<time dateTime="2026-11-14T10:00:00.000Z" class="shrink-0 text-xs text-stone-500">14 Nov 2026</time>');
  });

  it('prints names and comments as text: markup in a review is escaped, never a tag', () => {
    const html = render();
    expect(html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;&lt;img src=x onerror=&quot;window.__xss=2&quot;&gt;');
    expect(html).toContain('&lt;b&gt;Bilal&lt;/b&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
  });

  it('says when there are no ratings or no written reviews', () => {
    const none = { rating: 0, numRatings: 0, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, numWrittenReviews: 0 };
    const empty = render({ figures: none, reviews: [] });
    expect(empty).toContain('No ratings yet. Bought this?');
    expect(empty).not.toContain('data-testid="rating-breakdown"');
    expect(render({ reviews: [] })).toContain('No written reviews yet.');
  });

  it('has a form with five star radios in a fieldset with a legend, a limited comment and Submit Review', () => {
    const html = render();
    expect(html).toMatch(/<fieldset class="star-picker min-w-0" data-testid="star-picker"><legend[^>]*>Your rating<\/legend>/);
    const radios = [...html.matchAll(/<input type="radio" class="sr-only" name="rating" value="(\d)"\/>/g)].map((m) => m[1]);
    expect(radios).toEqual(['1', '2', '3', '4', '5']);
    expect(html).toContain('<span class="sr-only">1 star</span>');
    expect(html).toContain('<span class="sr-only">5 stars</span>');
    expect(html).toMatch(new RegExp(`<textarea id="review-comment" name="comment" rows="4" maxLength="${REVIEW_LIMITS.comment}"`));
    expect(html).toContain('<label for="review-comment"');
    expect(html).toContain('aria-describedby="review-comment-hint"');
    expect(html).toContain(`${REVIEW_LIMITS.comment.toLocaleString('en-US')} characters left`);
    expect(html).toMatch(/<button type="submit"[^>]*>Submit Review<\/button>/);
    expect(html).toContain('<div role="alert" class="not-empty:mt-4" data-testid="form-error"></div>');
    expect(html).toContain('<div role="status" class="not-empty:mt-4" data-testid="form-success"></div>');
  });
});
