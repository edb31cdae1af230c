/**
 * /order/order-status/{id or number}'s island (one built page for every value; read from the
 * address). A temporary guest order (temp_…) shows a notice and goes home after 3 s. The order is
 * asked for with the Bearer when signed in (the owner sees the details by number too); a 401 never
 * signs the shopper out here.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { paths } from '#lib/paths.ts';
import { isTemporaryOrderId } from '#lib/schemas/orders-rules.ts';
import { useMounted } from '#components/hooks.ts';
import { $signedIn } from '#features/session/store.ts';
import { orderIdFromPath, TEMP_ORDER_REDIRECT_MS } from './rules.ts';
import { useTrackedOrder } from './useTrackedOrder.ts';
import { NotFound } from './NotFound.tsx';

import { OrderFailed, OrderLoading } from './OrderStates.tsx';
import { StatusView } from './StatusView.tsx';

const HEADING = 'Track Your Order';

function TempNotice() {
  useEffect(() => {
    const timer = setTimeout(() => location.assign(paths.home()), TEMP_ORDER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="mx-auto max-w-md text-center" data-testid="temp-order-notice">
      <h1 className="text-2xl font-bold text-stone-900">{HEADING}</h1>
      <p role="status" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
        This is a guest order that our store has not confirmed yet. Please check your e-mail for your order number and tracking link. Taking you to the home page…
      </p>
      <a href={paths.home()} className="mt-4 inline-flex text-sm font-semibold text-brand-700 underline underline-offset-2">Go to the home page now</a>
    </div>
  );
}

export default function OrderStatusPage() {
  const mounted = useMounted();
  const signedIn = useStore($signedIn, { ssr: 'initial' });
  const [id, setId] = useState('');
  useEffect(() => setId(orderIdFromPath(location.pathname, 'order-status')), []);
  const temporary = isTemporaryOrderId(id);
  const { state, reload } = useTrackedOrder(id, mounted && !temporary);

  let body;
  if (!mounted || (id && !temporary && state.status === 'loading')) body = <OrderLoading heading={HEADING} label="Loading your order…" />;
  else if (!id) body = <NotFound title={HEADING} />;
  else if (temporary) body = <TempNotice />;
  else if (state.status === 'found') body = <StatusView tracked={state.tracked} signedIn={signedIn} />;
  else if (state.status === 'failed') body = <OrderFailed heading={HEADING} message={state.message} onRetry={reload} />;
  else body = <NotFound title={HEADING} />;

  return <div className="mx-auto max-w-5xl px-4 py-8">{body}</div>;
}
