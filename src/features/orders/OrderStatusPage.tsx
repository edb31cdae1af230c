/**
 * /order/order-status/{id or number}'s island (one built page for every value; read from the
 * address). Started by the page's script only when the page needs it (start-page.ts): a temporary
 * guest order (temp_…), which shows a notice and goes home after 3 s, or a load that failed (Try
 * Again). Its other states are the same markup the script draws (order-views-html.ts). The order
 * is asked for with the Bearer when signed in (the owner sees the details by number too); a 401
 * never signs the shopper out here.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { paths } from '#lib/paths.ts';
import { isTemporaryOrderId } from '#lib/schemas/orders-rules.ts';
import { $signedIn } from '#features/session/store.ts';
import { orderIdFromPath, TEMP_ORDER_REDIRECT_MS } from './rules.ts';
import { useTrackedOrder, type TrackedState } from './useTrackedOrder.ts';
import { OrderFailed } from './OrderStates.tsx';
import { ORDER_FRAME, orderPageHtml, STATUS_HEADING } from './order-views-html.ts';

function TempNotice() {
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

/** The page in one state: the island's own states, or the markup the page's script draws. */
export function StatusPageView({ id, state, signedIn, onRetry }: { id: string; state: TrackedState; signedIn: boolean; onRetry: () => void }) {
  if (id && isTemporaryOrderId(id)) return <div className={ORDER_FRAME}><TempNotice /></div>;
  const html = orderPageHtml('order-status', id, state, signedIn);
  if (html === undefined) return <div className={ORDER_FRAME}><OrderFailed heading={STATUS_HEADING} message={state.status === 'failed' ? state.message : ''} onRetry={onRetry} /></div>;
  return <div className={ORDER_FRAME} dangerouslySetInnerHTML={{ __html: html }} />;
}

export default function OrderStatusPage() {
  const signedIn = useStore($signedIn);
  const [id] = useState(() => orderIdFromPath(location.pathname, 'order-status'));
  const { state, reload } = useTrackedOrder(id, !isTemporaryOrderId(id));
  return <StatusPageView id={id} state={state} signedIn={signedIn} onRetry={reload} />;
}
