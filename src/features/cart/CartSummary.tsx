/**
 * The order summary: figures from basketTotals (the one pricing module) over the lines that can
 * be bought now; Proceed to Checkout only when the cart is not empty, held back (with the reason)
 * while a line is unavailable or above its stock.
 */
import { ESTIMATED_DELIVERY } from '#lib/delivery.ts';
import type { BasketTotals } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { LineIcon } from '#components/LineIcon.tsx';
import { BasketFigures } from './BasketFigures.tsx';

interface Props {
  totals: BasketTotals;
  /** Why the checkout is held back (recheck.ts `checkoutBlock`), if it is. */
  blocked?: string;
}

export function CartSummary({ totals, blocked }: Props) {
  return (
    <section aria-labelledby="cart-summary-heading" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm lg:sticky lg:top-4">
      <h2 id="cart-summary-heading" className="text-lg font-semibold text-stone-900">Order Summary</h2>
      <BasketFigures totals={totals} />
      <div className="mt-4 flex flex-col gap-2">
        {blocked ? (
          <>
            <button type="button" disabled aria-describedby="checkout-blocked" className="w-full cursor-not-allowed rounded-full bg-stone-300 px-6 py-3 text-sm font-semibold text-stone-700">
              Proceed to Checkout
            </button>
            <p id="checkout-blocked" className="text-xs text-red-700">{blocked}</p>
          </>
        ) : (
          <a href={paths.checkout()} className="w-full rounded-full bg-brand-700 px-6 py-3 text-center text-sm font-semibold text-white hover:bg-brand-800">
            Proceed to Checkout
          </a>
        )}
        <a href={paths.home()} className="w-full rounded-full border border-stone-300 px-6 py-3 text-center text-sm font-semibold text-stone-800 hover:bg-stone-50">
          Continue Shopping
        </a>
      </div>
      <ul className="mt-4 flex flex-col gap-2 text-xs text-stone-600">
        <li className="flex items-center gap-2"><LineIcon name="shield" className="h-4 w-4 text-brand-700" />Secure checkout protected by SSL encryption</li>
        <li className="flex items-center gap-2"><LineIcon name="truck" className="h-4 w-4 text-brand-700" />{ESTIMATED_DELIVERY}</li>
      </ul>
    </section>
  );
}
