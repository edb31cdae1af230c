/**
 * The checkout's order summary: the lines, then the figures basketTotals gives (the cart's own:
 * Subtotal, Shipping FREE, You Save, Total), and why Place Order is held back when it is.
 */
import { ESTIMATED_DELIVERY } from '#lib/delivery.ts';
import type { ReactNode } from 'react';
import type { BasketTotals } from '#lib/money.ts';
import { LineIcon } from '#components/LineIcon.tsx';
import { BasketFigures } from '#features/cart/BasketFigures.tsx';

export function CheckoutSummary({ totals, status, blocked, children }: { totals: BasketTotals; status: string; blocked?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="checkout-summary-heading" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm lg:sticky lg:top-4">
      <h2 id="checkout-summary-heading" className="text-lg font-semibold text-stone-900">Order Summary</h2>
      <p role="status" className="text-xs text-stone-600 empty:hidden [&:not(:empty)]:mt-2" data-testid="checkout-recheck-status">{status}</p>
      <ul className="mt-2 divide-y divide-stone-100 border-b border-stone-100">{children}</ul>
      <BasketFigures totals={totals} className="mt-2" />
      {blocked && <p className="mt-2 rounded-xl bg-red-50 px-3 py-2 text-xs font-medium text-red-800" data-testid="checkout-blocked">{blocked}</p>}
      <ul className="mt-4 flex flex-col gap-2 text-xs text-stone-600">
        <li className="flex items-center gap-2"><LineIcon name="shield" className="h-4 w-4 text-brand-700" />Secure checkout protected by SSL encryption</li>
        <li className="flex items-center gap-2"><LineIcon name="truck" className="h-4 w-4 text-brand-700" />{ESTIMATED_DELIVERY}</li>
      </ul>
    </section>
  );
}
