/**
 * The cart: heading and count, the lines with their re-check notices, and the summary. The still
 * parts are view-html.ts's and line-html.ts's strings, the controls elements with their classes:
 * the markup the page draws before React (start-page.ts). When the page drew the cart (`drawn`),
 * the first render is that very state, so the island takes the drawn view over without changing
 * a node, then follows the store; taps held meanwhile are replayed once it is in place. Without a
 * drawing it renders, until mounted, what the static HTML holds: the empty state, or (when the
 * page's inline check found a stored cart) the loading state, so a stored cart never flashes as
 * empty. Store writes that throw (storage full or refused) go to the error boundary.
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useFailure, useMounted } from '#components/hooks.ts';
import { replayTaps } from '#components/tap-queue.ts';
import { $cart } from './store.ts';
import { clearCart, removeFromCart, setQuantity, stepQuantity } from './actions.ts';
import { useRecheck } from './useRecheck.ts';
import type { DrawnCart } from './drawn.ts';
import { cartViewState } from './view-state.ts';
import { CLEAR_CLASS, COUNT_CLASS, countText, GRID_CLASS, HEADING_CLASS, LINES_CLASS, STATUS_CLASS, VIEW_CLASS, VIEW_TOP_CLASS } from './view-html.ts';
import { CartLineItem } from './CartLineItem.tsx';
import { CartSummary } from './CartSummary.tsx';
import { CartEmpty, CartLoading } from './CartStates.tsx';

export const CLEAR_CONFIRM = 'Are you sure you want to clear your entire cart?';

export function CartView({ drawn }: { drawn?: DrawnCart }) {
  const mounted = useMounted();
  const fail = useFailure();
  const stored = useStore($cart, { ssr: 'initial' });
  const recheck = useRecheck(stored, mounted, fail, drawn);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (mounted) replayTaps('cart');
  }, [mounted]);

  /** Runs a store action; focus goes back to the heading when the control that had it is gone. */
  const act = (action: () => void, refocus = false) => {
    try {
      action();
      if (refocus) heading.current?.focus();
    } catch (error) {
      fail(error);
    }
  };

  if (!mounted && !drawn) {
    return (
      <div className={VIEW_CLASS}>
        <div className={VIEW_TOP_CLASS}>
          <div>
            <h1 ref={heading} tabIndex={-1} className={HEADING_CLASS}>Shopping Cart</h1>
            <p className={`when-stored-empty ${COUNT_CLASS}`} data-testid="cart-count-text">{countText(0)}</p>
            <p className="when-stored-pending mt-1 h-5 w-36 animate-pulse rounded bg-stone-200" aria-hidden="true" />
          </div>
        </div>
        <CartEmpty className="when-stored-empty" />
        <CartLoading className="when-stored-pending" />
      </div>
    );
  }

  const { lines, checks, totals, blocked, status } = mounted || !drawn ? cartViewState(stored, recheck) : cartViewState(drawn.lines, drawn.recheck);
  return (
    <div className={VIEW_CLASS}>
      <div className={VIEW_TOP_CLASS}>
        <div>
          <h1 ref={heading} tabIndex={-1} className={HEADING_CLASS}>Shopping Cart</h1>
          <p className={COUNT_CLASS} data-testid="cart-count-text">{countText(lines.length)}</p>
        </div>
        {lines.length > 0 && (
          <button type="button" onClick={() => act(() => window.confirm(CLEAR_CONFIRM) && clearCart(), true)} className={CLEAR_CLASS}>
            Clear All Items
          </button>
        )}
      </div>
      {lines.length === 0 ? (
        <CartEmpty />
      ) : (
        <div className={GRID_CLASS}>
          <section aria-labelledby="cart-lines-heading" className={LINES_CLASS}>
            <h2 id="cart-lines-heading" className="sr-only">Items in your cart</h2>
            <p role="status" className={STATUS_CLASS} data-testid="recheck-status">
              {status}
            </p>
            <ul className="divide-y divide-stone-100">
              {lines.map((line, i) => (
                <CartLineItem
                  key={line.productId}
                  line={line}
                  check={checks[i]}
                  onQuantity={(q) => act(() => setQuantity(line.productId, q))}
                  onStep={(d, max) => act(() => stepQuantity(line.productId, d, max))}
                  onRemove={() => act(() => removeFromCart(line.productId), true)}
                />
              ))}
            </ul>
          </section>
          <CartSummary totals={totals} blocked={blocked} />
        </div>
      )}
    </div>
  );
}
