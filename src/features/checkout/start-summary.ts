/**
 * The checkout page's own script for the order summary, which loads no React: the stored cart
 * drawn and re-checked before the island (features/cart/early-cart.ts) with the island's markup
 * (summary-html.ts), each line's check and the total published for the form ($lineChecks,
 * $orderTotal; Place Order says the total) and the page's
 * `data-stored-pending` mark set as the island sets it (the form shows only while there is
 * something to order). The island starts at the first interaction with the summary, or when the
 * form reports a 409's conflicts or a placed order (only the island shows those).
 */
import { startEarlyCart } from '#features/cart/early-cart.ts';
import { orderSummaryHtml } from './summary-html.ts';
import { summaryState } from './summary-state.ts';
import { $conflicts, $lineChecks, $orderTotal, $placed } from './store.ts';
import { PLACE_ORDER_ATTR, placeOrderLabel } from './place-order-label.ts';
import { SUMMARY_ISLAND } from './summary-island.ts';

startEarlyCart({
  island: SUMMARY_ISLAND,
  draw: (el, cart) => {
    const state = summaryState(cart.lines, cart.recheck);
    el.innerHTML = orderSummaryHtml(state);
    $lineChecks.set(state.checks);
    $orderTotal.set(state.totals.total);
    document.documentElement.toggleAttribute('data-stored-pending', state.showForm);
  },
  startOn: [$conflicts, $placed],
});

// Until the form's island runs (it marks its root data-ready), Place Order is still HTML: its label
// follows the total here, in the very text node the island then takes over, so that the island's
// first render finds the label it would draw.
$orderTotal.subscribe((total) => {
  const button = document.querySelector<HTMLButtonElement>(`[${PLACE_ORDER_ATTR}]`);
  if (!button || button.closest('[data-ready]')) return;
  const label = placeOrderLabel(total);
  if (button.firstChild?.nodeType === Node.TEXT_NODE && button.childNodes.length === 1) button.firstChild.nodeValue = label;
  else button.textContent = label;
});
