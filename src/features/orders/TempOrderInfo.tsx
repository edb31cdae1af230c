/**
 * A temporary guest order (temp_…: the store did not confirm it after a server error): 'Order
 * Information' pointing to the e-mail. When this tab kept the placement, the shopper may check
 * again (the same body and Idempotency-Key: the store answers with the order it made, or makes it
 * now, never twice) or put the items back in the cart.
 */
import { useState } from 'react';
import { paths } from '#lib/paths.ts';
import { addToCart } from '#features/cart/actions.ts';
import { placeOrder } from './place.ts';
import { LineIcon } from '#components/LineIcon.tsx';
import { button } from './order-parts-html.ts';
import { forgetGuestOrder, readGuestOrder, saveGuestOrder } from './visits.ts';

export default function TempOrderInfo({ id }: { id: string }) {
  const [kept] = useState(() => readGuestOrder(id));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const placement = kept?.placement;

  async function checkAgain() {
    if (!placement || busy) return;
    setBusy(true);
    setMessage('');
    const outcome = await placeOrder(placement.body, placement.key, { signedIn: false });
    if (outcome.ok && outcome.orderId) {
      forgetGuestOrder(id);
      saveGuestOrder({ orderId: outcome.orderId, orderNumber: outcome.orderNumber ?? '', timestamp: Date.now(), guestEmail: kept.guestEmail, isTemporary: false });
      return location.replace(paths.orderSuccess(outcome.orderId));
    }
    setBusy(false);
    setMessage(outcome.ok ? 'The store answered without an order number. Please check your e-mail.' : outcome.kind === 'server' ? 'The store still cannot confirm your order. Please check your e-mail, or try again in a few minutes.' : `${outcome.message}. Put the items back in your cart to try again.`);
  }

  function restoreCart() {
    for (const line of placement?.lines ?? []) addToCart(line, line.quantity, { notify: false });
    forgetGuestOrder(id);
    location.assign(paths.checkout());
  }

  return (
    <div className="space-y-6" data-testid="order-information">
      <div className="flex flex-col items-center rounded-3xl border border-amber-200 bg-amber-50 px-5 py-8 text-center">
        <span className="grid h-14 w-14 place-items-center rounded-full bg-amber-100 text-amber-800" aria-hidden="true">
          <LineIcon name="alert" className="h-7 w-7" />
        </span>
        <h1 className="mt-3 text-2xl font-bold text-stone-900">Order Information</h1>
        <p className="mt-2 max-w-md text-sm text-stone-700">
          Your order was sent, but our store could not confirm it right away. You will receive an e-mail confirmation
          {kept?.guestEmail ? <> at <span className="inline-block max-w-full font-semibold wrap-anywhere">{kept.guestEmail}</span></> : null} with your order number and a link to track it.
        </p>
        <p className="mt-2 text-xs text-stone-600">Reference: <span className="font-mono break-all" data-testid="temp-order-id">{id}</span></p>
      </div>
      {placement && (
        <section aria-labelledby="not-received-heading" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
          <h2 id="not-received-heading" className="text-base font-semibold text-stone-900">No e-mail yet?</h2>
          <p className="mt-1 text-sm text-stone-600">Check with the store again. It will never place the same order twice.</p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <button type="button" onClick={checkAgain} disabled={busy} className={`${button.primary} disabled:bg-stone-300 disabled:text-stone-700`}>
              {busy ? 'Checking...' : 'Check Again'}
            </button>
            <button type="button" onClick={restoreCart} disabled={busy} className={button.secondary}>Put Items Back in Cart</button>
          </div>
          <div role="alert" className="not-empty:mt-4">
            {message && <p className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">{message}</p>}
          </div>
        </section>
      )}
      <div className="flex justify-center">
        <a href={paths.home()} className={button.secondary}>Continue Shopping</a>
      </div>
    </div>
  );
}
