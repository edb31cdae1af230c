/**
 * The product page's reviews: the average and the ratings by number of stars, the written
 * reviews, and the form to write one. One island, rendered at build with the build's figures
 * and reviews (the static HTML shows them as of the build: ReviewsIsland.astro) and hydrated on
 * first interaction, so the page runs no React until a shopper comes near it. After a review is
 * posted it shows the product's fresh reviews and figures without a reload.
 */
import type { Review } from '#lib/schemas/catalog.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';
import { RatingBreakdown } from './RatingBreakdown.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { ReviewList } from './ReviewList.tsx';
import type { ReviewFigures, ReviewsShown } from './rules.ts';
import { useReviews } from './useReviews.ts';

export interface ReviewsSectionProps {
  productId: string;
  figures: ReviewFigures;
  /** Written reviews, newest first. */
  reviews: Review[];
}

export default function ReviewsSection({ productId, figures, reviews }: ReviewsSectionProps) {
  // data-ready once mounted; EarlySubmit.astro holds a submit that comes before then.
  const { root, rootProps } = useIslandReady<HTMLElement>();
  const state = useReviews(productId, { figures, reviews });
  const { shown } = state;
  return (
    <section ref={root} {...rootProps} id="reviews" className="mt-12" aria-labelledby="reviews-heading" data-testid="reviews">
      <h2 id="reviews-heading" className="text-xl font-bold text-stone-900">
        Customer Reviews
      </h2>
      <ReviewsShownView shown={shown} />
      <ReviewForm errors={state.errors} failure={state.failure} success={state.success} busy={state.busy} own={state.own} onSubmit={(draft, clear) => void state.submit(draft, clear)} />
    </section>
  );
}

/**
 * The figures and the written reviews, or the words for no ratings: the part of the section that
 * differs from product to product (section-html.ts renders the rest once a build).
 */
export function ReviewsShownView({ shown }: { shown: ReviewsShown }) {
  if (shown.figures.numRatings === 0) {
    return <p className="mt-4 rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-sm text-stone-600">No ratings yet. Bought this? Be the first to tell other shoppers what you think.</p>;
  }
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-[16rem_1fr]">
      <RatingBreakdown figures={shown.figures} />
      <ReviewList reviews={shown.reviews} />
    </div>
  );
}
