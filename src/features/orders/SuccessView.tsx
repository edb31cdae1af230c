/**
 * The confirmation of a placed order: the thank-you header, the summary (number, id, total,
 * payment, date, status Pending as placed), contact and address, the lines, Track Your Order and
 * Continue Shopping, and What's Next.
 */
import { formatRs } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import type { Order } from '#lib/schemas/orders.ts';
import { LineIcon } from '#components/LineIcon.tsx';
import { button, ContactAndAddress, Facts, OrderCard, OrderLines, placedOn, StatusBadge } from './OrderParts.tsx';
import { itemsText } from './items-text.ts';
import { WhatsNext } from './WhatsNext.tsx';

export function SuccessView({ order }: { order: Order }) {
  return (
    <div className="space-y-6" data-testid="order-success">
      <div className="flex flex-col items-center rounded-3xl border border-brand-200 bg-brand-50 px-5 py-8 text-center">
        <span className="grid h-14 w-14 place-items-center rounded-full bg-brand-700 text-white" aria-hidden="true">
          <LineIcon name="shield" className="h-7 w-7" />
        </span>
        <h1 className="mt-3 text-2xl font-bold text-stone-900">Thank you for your order!</h1>
        <p className="mt-1 max-w-md text-sm text-stone-700">
          We have received your order and sent a confirmation to <span className="font-semibold break-all">{order.guestInfo.email}</span>.
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <OrderCard id="summary-heading" title="Order Summary">
            <Facts
              rows={[
                ['number', 'Order Number', order.orderNumber],
                ['id', 'Order ID', order._id],
                ['total', 'Total', formatRs(order.totalAmount)],
                ['payment', 'Payment Method', 'Cash on Delivery (COD)'],
                ['date', 'Order Date', placedOn(order.createdAt)],
                ['status', 'Status', <StatusBadge status={order.status} />],
              ]}
            />
          </OrderCard>
          <ContactAndAddress order={order} />
        </div>
        <OrderCard id="items-heading" title={`Items: ${itemsText(order.itemCount, order.items.length)}`}>
          <OrderLines order={order} />
        </OrderCard>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <a href={paths.orderStatus(order._id)} className={button.primary}>Track Your Order</a>
        <a href={paths.home()} className={button.secondary}>Continue Shopping</a>
      </div>
      <WhatsNext />
    </div>
  );
}
