/**
 * The checkout's messages under Place Order: what stops the order in a role=alert region (with
 * every field's message listed), what is happening in a role=status one. Both regions are always
 * in the page, so what is put in them is announced.
 */
import type { Messages } from './usePlaceOrder.ts';

export function CheckoutMessages({ error, list, notice }: Messages) {
  return (
    <>
      <div role="alert" className="not-empty:mt-4" data-testid="checkout-error">
        {error && (
          <div className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <p className="font-medium">{error}</p>
            {list && list.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {list.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <div role="status" className="not-empty:mt-4" data-testid="checkout-notice">
        {notice && <p className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900">{notice}</p>}
      </div>
    </>
  );
}
