/**
 * /staff/order/?number=…: one order as the desk sees it (lines, totals, the shopper, the address,
 * payment and delivery, the timeline), the actions the member's role allows, and its packing slip.
 * Every action shows the API's words and draws the order it sends back.
 */
import { useEffect, useState } from 'react';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { staffPaths } from '#lib/paths.ts';
import { can } from '#features/staff/me.ts';
import { StaffGate } from '#features/staff/StaffGate.tsx';
import { getOrder } from './api.ts';
import { OrderActions, type Allowed } from './OrderActions.tsx';
import { OrderFacts } from './OrderFacts.tsx';
import { OrderLines } from './OrderLines.tsx';
import { OrderTimeline } from './OrderTimeline.tsx';
import { PackingSlip } from './PackingSlip.tsx';
import type { DeskOrderDetail } from './schemas.ts';

/** The page's island: for members who may read orders; the actions are those the role allows. */
export default function OrderPage() {
  return (
    <StaffGate permission="orders.read">
      {(member) => (
        <OrderDesk
          allowed={{
            advance: can(member.role, 'orders.advance'),
            cancel: can(member.role, 'orders.cancel'),
            cash: can(member.role, 'orders.cash'),
            note: can(member.role, 'orders.note'),
          }}
        />
      )}
    </StaffGate>
  );
}

function OrderDesk({ allowed }: { allowed: Allowed }) {
  const [order, setOrder] = useState<DeskOrderDetail>();
  const [error, setError] = useState('');

  useEffect(() => {
    const number = new URLSearchParams(location.search).get('number') ?? '';
    if (!number.trim()) {
      setError('No order number in the address. Open an order from the list.');
      return;
    }
    void getOrder(number).then((r) => (r.ok ? setOrder(r.data) : setError(r.message)));
  }, []);

  if (!order) {
    return (
      <div className="staff-no-print">
        <ErrorMessage message={error} testId="order-error" />
        {!error && <p className="text-stone-600">Loading the order…</p>}
        {error && (
          <p className="mt-4">
            <a href={staffPaths.orders()} className="text-link">
              Back to the orders
            </a>
          </p>
        )}
      </div>
    );
  }

  return (
    <>
      <div className="staff-order staff-no-print">
        <h2 className="text-xl font-bold text-stone-900" data-testid="order-number">
          {order.orderNumber} <span className={`staff-status staff-status-${order.status.toLowerCase()}`}>{order.status}</span>
        </h2>
        <OrderActions order={order} allowed={allowed} onOrder={setOrder} />
        <div className="staff-order-grid">
          <OrderLines order={order} />
          <OrderFacts order={order} />
        </div>
        <OrderTimeline events={order.timeline} />
      </div>
      <PackingSlip order={order} />
    </>
  );
}
