/** The order pages' failed load, with Try Again: an island's own state (the loading state is order-views-html.ts's). */
import { LineIcon } from '#components/LineIcon.tsx';

const title = 'text-2xl font-bold text-stone-900';

export function OrderFailed({ heading, message, onRetry }: { heading: string; message: string; onRetry: () => void }) {
  return (
    <>
    <h1 className={title}>{heading}</h1>
    <div role="alert" className="mt-6 flex flex-col items-center rounded-3xl border border-red-200 bg-white px-6 py-12 text-center" data-testid="order-error">
      <span className="grid h-14 w-14 place-items-center rounded-full bg-red-50 text-red-700"><LineIcon name="alert" className="h-7 w-7" /></span>
      <h2 className="mt-3 text-lg font-semibold text-stone-900">Something went wrong</h2>
      <p className="mt-1 max-w-sm text-sm text-stone-600">{message}</p>
      <button type="button" onClick={onRetry} className="mt-5 inline-flex rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800">
        Try Again
      </button>
    </div>
    </>
  );
}
