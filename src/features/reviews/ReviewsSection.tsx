/**
 * The product page's reviews: the average and the ratings by number of stars, the written
 * reviews, and the form to write one. One island, rendered at build with the build's figures
 * and reviews (the static HTML shows them as of the build: ReviewsIsland.astro) and hydrated on
 * first interaction, so the page runs no React until a shopper comes near it. After a review is
 * posted it shows the product's fresh reviews and figures without a reload.
 */
import type { Review } from '#lib/schemas/catalog.ts';
import { useIslandReady } from '#components/forms/useIslandReady.ts';
import { ReviewForm } from './ReviewForm.tsx';
import type { ReviewFigures, ReviewsShown } from './rules.ts';
import { useReviews } from './useReviews.ts';
import { NO_RATINGS, ratedReviewsHtml, SHOWN_CLASS } from './shown-html.ts';

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
 * differs from product to product (section-html.ts renders the rest once a build). Its markup is
 * shown-html.ts's, the string the build writes, so what hydrates is what was built; it holds no
 * event handler, and every value in it is escaped there.
 */
export function ReviewsShownView({ shown }: { shown: ReviewsShown }) {
  if (shown.figures.numRatings === 0) return <p className={NO_RATINGS.className}>{NO_RATINGS.text}</p>;
  return <div className={SHOWN_CLASS} dangerouslySetInnerHTML={{ __html: ratedReviewsHtml(shown) }} />;
}
