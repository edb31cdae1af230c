/**
 * The checkout page's own script for the order summary, which loads no React: the stored cart
 * drawn and re-checked before the island (features/cart/early-cart.ts) with the island's markup
 * (summary-html.ts), each line's check published for the form ($lineChecks) and the page's
 * `data-stored-pending` mark set as the island sets it (the form shows only while there is
 * something to order). The island starts at the first interaction with the summary, or when the
 * form reports a 409's conflicts or a placed order (only the island shows those).
 */
import { startEarlyCart } from '#features/cart/early-cart.ts';
import { orderSummaryHtml } from './summary-html.ts';
import { summaryState } from './summary-state.ts';
import { $conflicts, $lineChecks, $placed } from './store.ts';
import { SUMMARY_ISLAND } from './summary-island.ts';

startEarlyCart({
  island: SUMMARY_ISLAND,
  draw: (el, cart) => {
    const state = summaryState(cart.lines, cart.recheck);
    el.innerHTML = orderSummaryHtml(state);
    $lineChecks.set(state.checks);
    document.documentElement.toggleAttribute('data-stored-pending', state.showForm);
  },
  startOn: [$conflicts, $placed],
});
