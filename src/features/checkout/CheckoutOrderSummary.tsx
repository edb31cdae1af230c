/**
 * The checkout's order summary island (hydrates at load): the cart's lines re-checked against the
 * API like the cart (and flagged by a 409's conflicts), with the cart's own figures. It publishes
 * each line's check for the form ($lineChecks) and keeps the page's `data-stored-pending` mark in
 * step with the cart, so the form shows only while there is something to order (StoredPending's
 * CSS). Until mounted it renders what the static HTML holds: loading when a cart is stored, else
 * the empty state.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { basketTotals } from '#lib/money.ts';
import { useFailure, useMounted } from '#components/hooks.ts';
import { $cart } from '#features/cart/store.ts';
import { removeFromCart, setQuantity } from '#features/cart/actions.ts';
import { checkLine, checkoutBlock } from '#features/cart/recheck.ts';
import { useRecheck } from '#features/cart/useRecheck.ts';
import { CheckoutEmpty, SummaryLoading } from './CheckoutStates.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { SummaryLine } from './SummaryLine.tsx';
import { conflictCheck, conflictPriceNotice } from './conflicts.ts';
import { $conflicts, $lineChecks, $placed } from './store.ts';

export default function CheckoutOrderSummary() {
  const mounted = useMounted();
  const fail = useFailure();
  const lines = useStore($cart, { ssr: 'initial' });
  const conflicts = useStore($conflicts);
  const placed = useStore($placed);
  const recheck = useRecheck(lines, mounted, fail);

  const checks = lines.map((line) => {
    const conflict = conflicts.get(line.productId);
    if (conflict) return checkLine(line, conflictCheck(line, conflict), conflictPriceNotice(line, conflict));
    return checkLine(line, recheck.results.get(line.productId), recheck.priceNotices.get(line.productId));
  });
  const totals = basketTotals(lines.filter((_, i) => checks[i].available));
  const block = checkoutBlock(checks);
  const key = JSON.stringify(checks);

  useEffect(() => {
    if (mounted) $lineChecks.set(checks);
  }, [mounted, key, lines]);
  const showForm = lines.length > 0 || placed;
  useEffect(() => {
    if (mounted) document.documentElement.toggleAttribute('data-stored-pending', showForm);
  }, [mounted, showForm]);

  const act = (action: () => void) => {
    try {
      action();
    } catch (error) {
      fail(error);
    }
  };

  if (!mounted)
    return (
      <>
        <CheckoutEmpty className="when-stored-empty" />
        <SummaryLoading className="when-stored-pending" />
      </>
    );
  if (!showForm) return <CheckoutEmpty />;
  const status = recheck.checking ? 'Checking current prices and stock…' : recheck.failed ? 'Current prices and stock could not be checked just now; the store confirms them when you place the order.' : '';
  return (
    <CheckoutSummary totals={totals} status={status} blocked={placed ? undefined : block}>
      {lines.map((line, i) => (
        <SummaryLine
          key={line.productId}
          line={line}
          check={checks[i]}
          editable={conflicts.has(line.productId)}
          onQuantity={(q) => act(() => setQuantity(line.productId, q))}
          onRemove={() => act(() => removeFromCart(line.productId))}
        />
      ))}
    </CheckoutSummary>
  );
}
