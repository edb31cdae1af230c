/**
 * /checkout-page/'s island (hydrates at load): the delivery form, payment and delivery, and the
 * order summary of the cart's lines, re-checked against the API like the cart (and flagged by a
 * 409's conflicts). Until mounted it renders what the static HTML holds: the form, with the
 * summary loading when a cart is stored, or the empty state; what is typed before hydration stays
 * (the inputs are uncontrolled, EarlySubmit holds an early submit).
 */
import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { basketTotals } from '#lib/money.ts';
import type { OrderConflict } from '#lib/schemas/orders.ts';
import { useFailure } from '#components/hooks.ts';
import { $cart, removeFromCart, setQuantity } from '#features/cart/store.ts';
import { checkLine, checkoutBlock, repriceCart, type CheckResult } from '#features/cart/recheck.ts';
import { useRecheck } from '#features/cart/useRecheck.ts';
import { useIslandReady } from '#features/account/useIslandReady.ts';
import { ui } from '#features/account/ui.ts';
import { CheckoutFields } from './CheckoutFields.tsx';
import { CheckoutMessages } from './CheckoutMessages.tsx';
import { CheckoutEmpty, SummaryLoading } from './CheckoutStates.tsx';
import { CheckoutSummary, PaymentDelivery } from './CheckoutSummary.tsx';
import { SummaryLine } from './SummaryLine.tsx';
import { conflictCheck, conflictPriceNotice } from './rules.ts';
import { usePlaceOrder } from './usePlaceOrder.ts';
import { usePrefill } from './usePrefill.ts';

export default function CheckoutPage() {
  const { root, rootProps, mounted } = useIslandReady<HTMLDivElement>();
  const fail = useFailure();
  const lines = useStore($cart, { ssr: 'initial' });
  const recheck = useRecheck(lines, mounted, fail);
  const [conflicts, setConflicts] = useState<ReadonlyMap<string, OrderConflict>>(new Map());
  const form = useRef<HTMLFormElement>(null);
  usePrefill(form, mounted);

  const checks = lines.map((line) => {
    const conflict = conflicts.get(line.productId);
    if (conflict) return checkLine(line, conflictCheck(line, conflict), conflictPriceNotice(line, conflict));
    return checkLine(line, recheck.results.get(line.productId), recheck.priceNotices.get(line.productId));
  });
  const totals = basketTotals(lines.filter((_, i) => checks[i].available));
  const block = checkoutBlock(checks);

  /** A 409: its lines are flagged, and the cart takes the prices the server quoted. */
  function showConflicts(found: OrderConflict[]) {
    setConflicts(new Map(found.map((c) => [c.productId, c])));
    const results = new Map<string, CheckResult>();
    for (const line of $cart.get()) {
      const c = found.find((x) => x.productId === line.productId);
      if (c && c.price !== undefined) results.set(line.productId, conflictCheck(line, c));
    }
    act(() => {
      const current = $cart.get();
      const next = repriceCart(current, results);
      if (next !== current) $cart.set(next);
    });
  }
  const place = usePlaceOrder(form, block, showConflicts);

  function act(action: () => void) {
    try {
      action();
    } catch (error) {
      fail(error);
    }
  }

  const empty = mounted && lines.length === 0 && !place.placed;
  const status = recheck.checking ? 'Checking current prices and stock…' : recheck.failed ? 'Current prices and stock could not be checked just now; the store confirms them when you place the order.' : '';

  return (
    <div ref={root} {...rootProps} className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-stone-900">Checkout</h1>
      <p className="mt-1 text-sm text-stone-600">Cash on delivery, free delivery across Pakistan.</p>
      {!mounted && <CheckoutEmpty className="when-stored-empty" />}
      {empty && <CheckoutEmpty />}
      <div hidden={empty} className={`mt-6 grid items-start gap-6 lg:grid-cols-[1fr_22rem] ${mounted ? '' : 'when-stored-pending'}`}>
        <form ref={form} method="post" noValidate onSubmit={place.submit} aria-label="Checkout" className={`${ui.card} min-w-0 space-y-6`}>
          <CheckoutFields errors={place.errors} disabled={place.busy || place.placed} />
          <PaymentDelivery />
          <div>
            <button type="submit" className={ui.primary} disabled={place.busy || place.placed}>
              {place.busy ? 'Placing Order...' : 'Place Order'}
            </button>
            {block && !place.busy && <p className="mt-2 text-xs text-red-700" data-testid="checkout-blocked">{block}</p>}
            <CheckoutMessages {...place.messages} />
          </div>
        </form>
        {mounted ? (
          <CheckoutSummary totals={totals} status={status}>
            {lines.map((line, i) => (
              <SummaryLine
                key={line.productId}
                line={line}
                check={checks[i]}
                onQuantity={(q) => act(() => setQuantity(line.productId, q))}
                onRemove={() => act(() => removeFromCart(line.productId))}
              />
            ))}
          </CheckoutSummary>
        ) : (
          <SummaryLoading />
        )}
      </div>
    </div>
  );
}
