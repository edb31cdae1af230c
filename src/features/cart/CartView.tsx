/**
 * The cart: heading and count, the lines with their re-check notices, and the summary. Until the
 * island has mounted it renders what the static HTML holds: the empty state, or (when the page's
 * inline check found a stored cart) the loading state, so a stored cart never flashes as empty.
 * Store writes that throw (storage full or refused) go to the error boundary.
 */
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import { basketTotals } from '#lib/money.ts';
import { useFailure, useMounted } from '#components/hooks.ts';
import { $cart } from './store.ts';
import { clearCart, removeFromCart, setQuantity } from './actions.ts';
import { checkLine, checkoutBlock } from './recheck.ts';
import { useRecheck } from './useRecheck.ts';
import { CartLineItem } from './CartLineItem.tsx';
import { CartSummary } from './CartSummary.tsx';
import { CartEmpty, CartLoading } from './CartStates.tsx';

export const CLEAR_CONFIRM = 'Are you sure you want to clear your entire cart?';

export function CartView() {
  const mounted = useMounted();
  const fail = useFailure();
  const lines = useStore($cart, { ssr: 'initial' });
  const recheck = useRecheck(lines, mounted, fail);
  const heading = useRef<HTMLHeadingElement>(null);

  /** Runs a store action; focus goes back to the heading when the control that had it is gone. */
  const act = (action: () => void, refocus = false) => {
    try {
      action();
      if (refocus) heading.current?.focus();
    } catch (error) {
      fail(error);
    }
  };

  const checks = lines.map((line) => checkLine(line, recheck.results.get(line.productId), recheck.priceNotices.get(line.productId)));
  const totals = basketTotals(lines.filter((_, i) => checks[i].available));
  const changed = checks.some((c) => c.notices.length > 0);
  const countText = `${lines.length} item(s) in your cart`;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-stone-900 outline-none">Shopping Cart</h1>
          {mounted ? (
            <p className="mt-1 h-5 text-sm text-stone-500" data-testid="cart-count-text">{countText}</p>
          ) : (
            <>
              <p className="when-stored-empty mt-1 h-5 text-sm text-stone-500" data-testid="cart-count-text">0 item(s) in your cart</p>
              <p className="when-stored-pending mt-1 h-5 w-36 animate-pulse rounded bg-stone-200" aria-hidden="true" />
            </>
          )}
        </div>
        {mounted && lines.length > 0 && (
          <button
            type="button"
            onClick={() => act(() => window.confirm(CLEAR_CONFIRM) && clearCart(), true)}
            className="rounded-full border border-red-200 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            Clear All Items
          </button>
        )}
      </div>
      {!mounted ? (
        <>
          <CartEmpty className="when-stored-empty" />
          <CartLoading className="when-stored-pending" />
        </>
      ) : lines.length === 0 ? (
        <CartEmpty />
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
          <section aria-labelledby="cart-lines-heading" className="rounded-2xl border border-stone-200 bg-white px-4 shadow-sm sm:px-5">
            <h2 id="cart-lines-heading" className="sr-only">Items in your cart</h2>
            <p role="status" className="text-xs text-stone-600 empty:hidden [&:not(:empty)]:pt-3" data-testid="recheck-status">
              {recheck.checking
                ? 'Checking current prices and stock…'
                : recheck.failed
                  ? 'Current prices and stock could not be checked just now; they will be confirmed at checkout.'
                  : changed
                    ? 'Some items changed since you added them: see the notes beside them.'
                    : ''}
            </p>
            <ul className="divide-y divide-stone-100">
              {lines.map((line, i) => (
                <CartLineItem
                  key={line.productId}
                  line={line}
                  check={checks[i]}
                  onQuantity={(q) => act(() => setQuantity(line.productId, q))}
                  onRemove={() => act(() => removeFromCart(line.productId), true)}
                />
              ))}
            </ul>
          </section>
          <CartSummary totals={totals} blocked={checkoutBlock(checks)} />
        </div>
      )}
    </div>
  );
}
