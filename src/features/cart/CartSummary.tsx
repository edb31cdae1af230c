/**
 * The cart's order summary (view-html.ts's cartSummaryInnerHtml, the markup the page draws before
 * React): figures from basketTotals over the lines that can be bought now; Proceed to Checkout only
 * when the cart is not empty, held back (with the reason) while a line is unavailable or above its stock.
 */
import type { BasketTotals } from '#lib/money.ts';
import { cartSummaryInnerHtml, SUMMARY_CLASS } from './view-html.ts';

interface Props {
  totals: BasketTotals;
  /** Why the checkout is held back (recheck.ts `checkoutBlock`), if it is. */
  blocked?: string;
}

export function CartSummary({ totals, blocked }: Props) {
  return <section aria-labelledby="cart-summary-heading" className={SUMMARY_CLASS} dangerouslySetInnerHTML={{ __html: cartSummaryInnerHtml(totals, blocked) }} />;
}
