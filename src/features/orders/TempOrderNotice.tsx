/**
 * The status page of a temporary guest order (temp_…: the store did not confirm it after a server
 * error): a notice pointing to the e-mail, then the home page after 3 s. The status page's island
 * (mount.tsx), started only for such an id.
 */
import { useEffect } from 'react';
import { paths } from '#lib/paths.ts';
import { TEMP_ORDER_REDIRECT_MS } from './rules.ts';
import { STATUS_HEADING } from './order-views-html.ts';

export default function TempOrderNotice() {
  useEffect(() => {
    const timer = setTimeout(() => location.assign(paths.home()), TEMP_ORDER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="mx-auto max-w-md text-center" data-testid="temp-order-notice">
      <h1 className="text-2xl font-bold text-stone-900">{STATUS_HEADING}</h1>
      <p role="status" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
        This is a guest order that our store has not confirmed yet. Please check your e-mail for your order number and tracking link. Taking you to the home page…
      </p>
      <a href={paths.home()} className="mt-4 inline-flex text-sm font-semibold text-brand-700 underline underline-offset-2">Go to the home page now</a>
    </div>
  );
}
