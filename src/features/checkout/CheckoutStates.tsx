/**
 * The checkout's still states: the empty cart (with a way to the shop; summary-html.ts's markup,
 * which the page also draws before React) and the summary loading.
 */
import { CHECKOUT_EMPTY_INNER, emptyClass } from './summary-html.ts';

export function CheckoutEmpty({ className = '' }: { className?: string }) {
  return <div className={emptyClass(className)} data-testid="checkout-empty" dangerouslySetInnerHTML={{ __html: CHECKOUT_EMPTY_INNER }} />;
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
