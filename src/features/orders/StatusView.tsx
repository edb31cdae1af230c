/**
 * An order's status: badge, number, dates, total, payment, the timeline, and (by id, or to its
 * signed-in owner) the lines, address and contact. By number alone only the summary: the details
 * are in the confirmation e-mail, or shown to the owner once signed in.
 */
import { formatRs } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import type { OrderSummary } from '#lib/schemas/orders.ts';
import type { Tracked } from './api.ts';
import { button, ContactAndAddress, Facts, OrderCard, OrderLines, placedOn, StatusBadge } from './OrderParts.tsx';
import { itemsText } from './items-text.ts';
import { StatusTimeline } from './StatusTimeline.tsx';

export function StatusView({ tracked, signedIn }: { tracked: Tracked; signedIn: boolean }) {
  const o: OrderSummary = tracked.kind === 'order' ? tracked.order : tracked.summary;
  const rows: [string, string, React.ReactNode][] = [
    ['number', 'Order Number', o.orderNumber],
    ...(tracked.kind === 'order' ? [['id', 'Order ID', tracked.order._id] as [string, string, string]] : []),
    ['date', 'Placed on', placedOn(o.createdAt)],
    ['updated', 'Last updated', placedOn(o.updatedAt)],
    ['items', 'Items', itemsText(o.itemCount, tracked.kind === 'order' ? tracked.order.items.length : undefined)],
    ['total', 'Total', formatRs(o.totalAmount)],
    ['payment', 'Payment', o.isPaid && o.paidAt ? `Cash on Delivery (COD), paid ${placedOn(o.paidAt)}` : 'Cash on Delivery (COD)'],
  ];
  return (
    <div className="space-y-6" data-testid="order-status" data-view={tracked.kind}>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Order {o.orderNumber}</h1>
        <StatusBadge status={o.status} />
      </div>
      {o.status === 'Cancelled' && (
        <p className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">This order was cancelled. Nothing is due for it.</p>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <OrderCard id="summary-heading" title="Order Summary">
          <Facts rows={rows} />
        </OrderCard>
        <OrderCard id="timeline-heading" title="Order Progress">
          <StatusTimeline status={o.status} history={o.statusHistory} createdAt={o.createdAt} />
        </OrderCard>
      </div>
      {tracked.kind === 'order' ? (
        <>
          <ContactAndAddress order={tracked.order} />
          <OrderCard id="items-heading" title={`Items: ${itemsText(tracked.order.itemCount, tracked.order.items.length)}`}>
            <OrderLines order={tracked.order} />
          </OrderCard>
        </>
      ) : (
        <p className="rounded-xl border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700" data-testid="order-private-note">
          For your privacy, an order number alone shows no name, address or items. They are in your confirmation e-mail
          {signedIn ? ', and on the link it holds.' : <>, or <a href={paths.signin()} className="font-semibold text-brand-700 underline underline-offset-2">sign in</a> to see them if the order is yours.</>}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <a href={paths.orderStatusForm()} className={button.secondary}>Track Another Order</a>
        <a href={paths.home()} className={button.secondary}>Continue Shopping</a>
      </div>
    </div>
  );
}
