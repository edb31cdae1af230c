/**
 * The reviews section's HTML for one product page, at build. All of it but the figures and the
 * written reviews (heading, form, their wrappers) is the same on every product page, so React
 * renders that frame once a build; the figures and reviews of each page are shown-html.ts's
 * string (React rendering them on each of 10,000 pages cost the build about 0.4 s of CPU, and the
 * whole section rendered a page, seconds). The result is exactly renderToString of the whole
 * section (section-html.test.ts), so the island hydrates over it.
 */
import { islandHtml } from '#components/islands/render.ts';
import ReviewsSection, { ReviewsShownView, type ReviewsSectionProps } from './ReviewsSection.tsx';
import type { ReviewsShown } from './rules.ts';
import { reviewsShownHtml } from './shown-html.ts';

/** No ratings: the frame is rendered around this, and cut where its figures' markup sits. */
const NONE: ReviewsShown = {
  figures: { rating: 0, numRatings: 0, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, numWrittenReviews: 0 },
  reviews: [],
};

let frame: readonly [string, string] | undefined;

function sectionFrame(): readonly [string, string] {
  const whole = islandHtml(ReviewsSection, { productId: '', ...NONE });
  const shown = islandHtml(ReviewsShownView, { shown: NONE });
  const at = whole.indexOf(shown);
  if (at < 0 || whole.indexOf(shown, at + 1) >= 0) throw new Error('The reviews section no longer renders its figures once, between the heading and the form.');
  return [whole.slice(0, at), whole.slice(at + shown.length)];
}

export function reviewsSectionHtml({ figures, reviews }: ReviewsSectionProps): string {
  frame ??= sectionFrame();
  return frame[0] + reviewsShownHtml({ figures, reviews }) + frame[1];
}
