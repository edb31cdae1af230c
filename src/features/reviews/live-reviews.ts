/**
 * The product page's reviews are true now, not as of the build: the built section is the first
 * paint, and once it comes into view (not before: most product views never scroll that far, and
 * then no request is made) the product's reviews and figures are read (fresh.ts). When they differ
 * from the build's, the headline under the product's name shows the new figures at once and the
 * reviews island is woken to show the reviews (fresh.ts: useReviews takes the read over). Plain script: no
 * React unless something changed.
 */
import { runLater } from '#components/later.ts';
import { showHeadline } from './headline.ts';
import { differs, freshReviews, REVIEWS_NOW_EVENT } from './fresh.ts';
import type { ReviewsShown } from './rules.ts';

export function watchReviews(doc: Document = document): void {
  const island = doc.querySelector<HTMLElement>('[data-island="reviews"]');
  const json = island?.previousElementSibling;
  if (!island || !json?.matches('script[data-island-props="reviews"]')) return;
  const built = JSON.parse(json.textContent ?? '{}') as { productId: string } & ReviewsShown;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    void freshReviews(built.productId).then((result) => {
      if (!result.ok || !differs(built, result.data)) return;
      showHeadline(result.data.figures, doc);
      island.dataset.reviewsNow = JSON.stringify(result.data);
      island.dispatchEvent(new CustomEvent(REVIEWS_NOW_EVENT, { detail: result.data }));
      runLater('island-reviews');
    });
  });
  // The island's own element has no box (display: contents): its section is what comes into view.
  observer.observe(island.firstElementChild ?? island);
}
