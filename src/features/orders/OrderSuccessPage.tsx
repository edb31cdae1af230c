/**
 * /order/success/{id}'s island (one built page for every id; the id is read from the address).
 * Started by the page's script only when the page needs it (start-page.ts): a temporary guest
 * order (temp_…), which always shows Order Information, or a load that failed (Try Again). Its
 * other states are the same markup the script draws (order-views-html.ts). The script has already
 * sent a second visit of the page on to the order's status page. The order is read with the
 * Bearer when signed in; a 401 does not sign the shopper out here.
 */
import { lazy, Suspense, useState } from 'react';
import { isTemporaryOrderId } from '#lib/schemas/orders-rules.ts';
import { orderIdFromPath } from './rules.ts';
import { useTrackedOrder, type TrackedState } from './useTrackedOrder.ts';
import { OrderFailed } from './OrderStates.tsx';
import { ORDER_FRAME, orderLoadingHtml, orderPageHtml, SUCCESS_HEADING } from './order-views-html.ts';

/** Loaded only for a temporary guest order: it brings the placement call along. */
const TempOrderInfo = lazy(() => import('./TempOrderInfo.tsx'));

/** The page in one state: the island's own states, or the markup the page's script draws. */
export function SuccessPageView({ id, state, onRetry }: { id: string; state: TrackedState; onRetry: () => void }) {
  if (id && isTemporaryOrderId(id)) {
    return (
      <div className={ORDER_FRAME}>
        <Suspense fallback={<div dangerouslySetInnerHTML={{ __html: orderLoadingHtml(SUCCESS_HEADING, 'Loading…') }} />}>
          <TempOrderInfo id={id} />
        </Suspense>
      </div>
    );
  }
  const html = orderPageHtml('success', id, state, false);
  if (html === undefined) return <div className={ORDER_FRAME}><OrderFailed heading={SUCCESS_HEADING} message={state.status === 'failed' ? state.message : ''} onRetry={onRetry} /></div>;
  return <div className={ORDER_FRAME} dangerouslySetInnerHTML={{ __html: html }} />;
}

export default function OrderSuccessPage() {
  const [id] = useState(() => orderIdFromPath(location.pathname, 'success'));
  const { state, reload } = useTrackedOrder(id, !isTemporaryOrderId(id));
  return <SuccessPageView id={id} state={state} onRetry={reload} />;
}
