/**
 * The cart page's still states: empty (the static HTML every guest gets), loading (a stored cart
 * is being read: shown instead of a flash of the empty state) and the error screen. The empty
 * state's markup is view-html.ts's, which the page also draws before React.
 */
import { LineIcon } from '#components/LineIcon.tsx';
import { CART_EMPTY_INNER, emptyClass } from './view-html.ts';

export function CartEmpty({ className = '' }: { className?: string }) {
  return <div className={emptyClass(className)} data-testid="cart-empty" dangerouslySetInnerHTML={{ __html: CART_EMPTY_INNER }} />;
}

/** Grey shapes where the lines and the summary will be; announced once as loading. */
export function CartLoading({ className = '' }: { className?: string }) {
  const bar = 'animate-pulse rounded bg-stone-200';
  return (
    <div className={`mt-6 grid gap-6 lg:grid-cols-[1fr_20rem] ${className}`} data-testid="cart-loading">
      <p role="status" className="sr-only">Loading your cart…</p>
      <div className="rounded-2xl border border-stone-200 bg-white px-4 sm:px-5" aria-hidden="true">
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-3 border-b border-stone-100 py-4 last:border-0">
            <div className={`h-20 w-20 shrink-0 sm:h-24 sm:w-24 ${bar}`} />
            <div className="flex flex-1 flex-col gap-2">
              <div className={`h-4 w-3/4 ${bar}`} />
              <div className={`h-4 w-1/4 ${bar}`} />
              <div className={`mt-auto h-9 w-28 ${bar}`} />
            </div>
          </div>
        ))}
      </div>
      <div className={`h-80 rounded-2xl ${bar}`} aria-hidden="true" />
    </div>
  );
}

export function CartError() {
  return (
    <div role="alert" className="mt-8 flex flex-col items-center rounded-3xl border border-red-200 bg-white px-6 py-16 text-center" data-testid="cart-error">
      <span className="grid h-16 w-16 place-items-center rounded-full bg-red-50 text-red-700"><LineIcon name="alert" className="h-8 w-8" /></span>
      <h2 className="mt-4 text-lg font-semibold text-stone-900">Oops! Something went wrong</h2>
      <p className="mt-1 text-sm text-stone-500">Your cart could not be changed. Please try again.</p>
      <button type="button" onClick={() => location.reload()} className="mt-6 inline-flex rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800">
        Try Again
      </button>
    </div>
  );
}
