/**
 * The checkout's order summary island: the cart's lines re-checked against the API like the cart
 * (and flagged by a 409's conflicts), with the cart's own figures. It publishes each line's check
 * and the total for the form ($lineChecks, $orderTotal) and keeps the page's `data-stored-pending` mark in step with the cart,
 * so the form shows only while there is something to order (StoredPending's CSS). The page draws
 * the summary before React (start-summary.ts) with the same markup; when it did (`drawn`), the
 * first render is that very state, so the island takes the drawing over without changing a node,
 * then follows the stores, and replays the taps held meanwhile. Without a drawing it renders, until
 * mounted, what the static HTML holds: loading when a cart is stored, else the empty state.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useFailure, useMounted } from '#components/hooks.ts';
import { replayTaps } from '#components/tap-queue.ts';
import { $cart } from '#features/cart/store.ts';
import { removeFromCart, stepQuantity } from '#features/cart/actions.ts';
import { useRecheck } from '#features/cart/useRecheck.ts';
import type { DrawnCart } from '#features/cart/drawn.ts';
import { CheckoutEmpty, SummaryLoading } from './CheckoutStates.tsx';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { SummaryLine } from './SummaryLine.tsx';
import { $conflicts, $lineChecks, $orderTotal, $placed } from './store.ts';
import { summaryState } from './summary-state.ts';

export default function CheckoutOrderSummary({ drawn }: { drawn?: DrawnCart }) {
  const mounted = useMounted();
  const fail = useFailure();
  const stored = useStore($cart, { ssr: 'initial' });
  const conflicts = useStore($conflicts);
  const placed = useStore($placed);
  const recheck = useRecheck(stored, mounted, fail, drawn);

  const state = mounted || !drawn ? summaryState(stored, recheck, conflicts, placed) : summaryState(drawn.lines, drawn.recheck);
  const key = JSON.stringify(state.checks);
  useEffect(() => {
    if (mounted) $lineChecks.set(state.checks);
  }, [mounted, key, stored]);
  useEffect(() => {
    if (mounted) $orderTotal.set(state.totals.total);
  }, [mounted, state.totals.total]);
  useEffect(() => {
    if (mounted) document.documentElement.toggleAttribute('data-stored-pending', state.showForm);
  }, [mounted, state.showForm]);
  useEffect(() => {
    if (mounted) replayTaps('cart');
  }, [mounted]);

  const act = (action: () => void) => {
    try {
      action();
    } catch (error) {
      fail(error);
    }
  };

  if (!mounted && !drawn)
    return (
      <>
        <CheckoutEmpty className="when-stored-empty" />
        <SummaryLoading className="when-stored-pending" />
      </>
    );
  if (!state.showForm) return <CheckoutEmpty />;
  return (
    <CheckoutSummary totals={state.totals} status={state.status} blocked={state.blocked}>
      {state.lines.map((line, i) => (
        <SummaryLine
          key={line.productId}
          line={line}
          check={state.checks[i]}
          editable={state.editable[i]}
          onStep={(d, max) => act(() => stepQuantity(line.productId, d, max))}
          onRemove={() => act(() => removeFromCart(line.productId))}
        />
      ))}
    </CheckoutSummary>
  );
}
