/**
 * /order/success/{id}'s island (one built page for every id; the id is read from the address).
 * Shown once per order per session (`order_success_viewed_{id}`): a second visit goes to the
 * order's status page instead. A temporary guest order (temp_…) always shows Order Information.
 * The order is read with the Bearer when signed in; a 401 does not sign the shopper out here.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { paths } from '#lib/paths.ts';
import { isTemporaryOrderId } from '#lib/schemas/orders-rules.ts';
import { useMounted } from '#components/hooks.ts';
import { orderIdFromPath } from './rules.ts';
import { markSuccessViewed } from './visits.ts';
import { useTrackedOrder } from './useTrackedOrder.ts';
import { NotFound } from './NotFound.tsx';

/** Loaded only for a temporary guest order: it brings the placement call along. */
const TempOrderInfo = lazy(() => import('./TempOrderInfo.tsx'));
import { OrderFailed, OrderLoading } from './OrderStates.tsx';
import { SuccessView } from './SuccessView.tsx';

export default function OrderSuccessPage() {
  const mounted = useMounted();
  const [id, setId] = useState('');
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const found = orderIdFromPath(location.pathname, 'success');
    setId(found);
    if (found && !isTemporaryOrderId(found) && markSuccessViewed(found)) {
      setLeaving(true);
      location.replace(paths.orderStatus(found));
    }
  }, []);
  const temporary = isTemporaryOrderId(id);
  const { state, reload } = useTrackedOrder(id, mounted && !temporary && !leaving);

  let body;
  if (!mounted || leaving || (id && !temporary && state.status === 'loading')) body = <OrderLoading heading="Order Confirmation" label="Loading your order…" />;
  else if (!id) body = <NotFound title="Order Confirmation" />;
  else if (temporary) body = <TempOrderInfo id={id} />;
  else if (state.status === 'found' && state.tracked.kind === 'order') body = <SuccessView order={state.tracked.order} />;
  else if (state.status === 'failed') body = <OrderFailed heading="Order Confirmation" message={state.message} onRetry={reload} />;
  else body = <NotFound title="Order Confirmation" />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Suspense fallback={<OrderLoading heading="Order Confirmation" label="Loading…" />}>{body}</Suspense>
    </div>
  );
}
