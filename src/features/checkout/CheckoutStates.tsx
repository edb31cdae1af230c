/** The checkout's still states: the empty cart (with a way to the shop) and the summary loading. */
import { CHECKOUT_MESSAGES } from '#lib/schemas/orders-rules.ts';
import { paths } from '#lib/paths.ts';
import { LineIcon } from '#components/LineIcon.tsx';

export function CheckoutEmpty({ className = '' }: { className?: string }) {
  return (
    <div className={`flex flex-col items-center rounded-3xl border border-stone-200 bg-white px-6 py-16 text-center ${className}`} data-testid="checkout-empty">
      <span className="grid h-16 w-16 place-items-center rounded-full bg-brand-50 text-brand-700"><LineIcon name="cart" className="h-8 w-8" /></span>
      <h2 className="mt-4 text-lg font-semibold text-stone-900">Nothing to check out yet</h2>
      <p className="mt-1 max-w-sm text-sm text-stone-600">{CHECKOUT_MESSAGES.emptyCart}</p>
      <a href={paths.home()} className="mt-6 inline-flex rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800">Start Shopping</a>
    </div>
  );
}

export function SummaryLoading({ className = '' }: { className?: string }) {
  const bar = 'animate-pulse rounded bg-stone-200';
  return (
    <div className={`rounded-2xl border border-stone-200 bg-white p-5 ${className}`} data-testid="checkout-summary-loading">
      <p role="status" className="sr-only">Loading your order summary…</p>
      <div aria-hidden="true" className="space-y-4">
        <div className={`h-6 w-40 ${bar}`} />
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-3">
            <div className={`h-14 w-14 shrink-0 ${bar}`} />
            <div className="flex-1 space-y-2">
              <div className={`h-4 w-3/4 ${bar}`} />
              <div className={`h-3 w-1/3 ${bar}`} />
            </div>
          </div>
        ))}
        <div className={`h-24 ${bar}`} />
      </div>
    </div>
  );
}
