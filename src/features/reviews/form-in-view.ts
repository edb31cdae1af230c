/**
 * The review form is drawn by the reviews island (ReviewsSection), not shipped in every product
 * page: its place, a box of its size (`[data-review-form-slot]`), wakes the island once it comes
 * within a screen's reach of the view, so the form is there by the time the shopper scrolls to it.
 * A page read without scrolling that far loads no React for it (wake.ts still wakes the island on
 * the first interaction with it).
 */
import { runLater } from '#components/later.ts';

/** How far below the view the slot wakes the island: React and the island are fetched while the shopper scrolls on. */
const AHEAD = '300px 0px';

export function wakeFormInView(doc: Document = document): void {
  const slot = doc.querySelector('[data-review-form-slot]');
  if (!slot) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      runLater('island-reviews');
    },
    { rootMargin: AHEAD },
  );
  observer.observe(slot);
}
