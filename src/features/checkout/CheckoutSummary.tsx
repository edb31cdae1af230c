/**
 * The checkout's order summary: the lines, then the figures basketTotals gives (the cart's own:
 * Subtotal, Shipping FREE, You Save, Total), and why Place Order is held back when it is. The
 * markup of summary-html.ts's orderSummaryHtml, which the page draws before React.
 */
import type { ReactNode } from 'react';
import type { BasketTotals } from '#lib/money.ts';
import { BasketFigures } from '#features/cart/BasketFigures.tsx';
import { TRUST_CLASS, TRUST_ITEMS_HTML } from '#features/cart/figures-html.ts';
import { BLOCKED_CLASS, LINES_CLASS, SECTION_CLASS, STATUS_CLASS } from './summary-html.ts';

export function CheckoutSummary({ totals, status, blocked, children }: { totals: BasketTotals; status: string; blocked?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="checkout-summary-heading" className={SECTION_CLASS}>
      <h2 id="checkout-summary-heading" className="text-lg font-semibold text-stone-900">Order Summary</h2>
      <p role="status" className={STATUS_CLASS} data-testid="checkout-recheck-status">{status}</p>
      <ul className={LINES_CLASS}>{children}</ul>
      <BasketFigures totals={totals} className="mt-2" />
      {blocked && <p className={BLOCKED_CLASS} data-testid="checkout-blocked">{blocked}</p>}
      <ul className={TRUST_CLASS} dangerouslySetInnerHTML={{ __html: TRUST_ITEMS_HTML }} />
    </section>
  );
}
