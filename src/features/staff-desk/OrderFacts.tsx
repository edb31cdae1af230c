/** Who ordered (with call and WhatsApp links, and the account if any), where it goes, and its payment and delivery. */
import { formatRs, formatStaffTime } from '#features/staff/time.ts';
import type { DeskOrderDetail } from './schemas.ts';
import { telHref, whatsappHref } from './view.ts';

export function OrderFacts({ order }: { order: DeskOrderDetail }) {
  const { customer, shippingAddress: a } = order;
  return (
    <section aria-labelledby="facts-heading" className="staff-card space-y-4">
      <h3 id="facts-heading" className="staff-panel-title">
        Shopper and delivery
      </h3>
      <div>
        <p className="font-semibold break-words text-stone-900" data-testid="customer-name">
          {customer.name}
        </p>
        <p className="break-words text-stone-700">{customer.email}</p>
        <p className="mt-2 flex flex-wrap gap-2">
          <a href={telHref(customer.phone)} className="staff-button-small">
            Call {customer.phone}
          </a>
          <a href={whatsappHref(customer.whatsapp)} className="staff-button-small" target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        </p>
        <p className="mt-2 text-sm text-stone-600" data-testid="customer-account">
          {customer.account ? `Account: ${customer.account.name} (${customer.account.email})` : 'Guest order (no account)'}
        </p>
      </div>
      <address className="not-italic break-words text-stone-800" data-testid="order-address">
        {a.address}
        <br />
        {a.city}, {a.province} {a.postalCode}
        <br />
        {a.country}
      </address>
      <dl className="staff-facts">
        <dt>Placed</dt>
        <dd>{formatStaffTime(order.createdAt)}</dd>
        <dt>Payment</dt>
        <dd data-testid="order-paid">
          {order.paymentMethod === 'COD' ? 'Cash on delivery' : order.paymentMethod}:{' '}
          {order.isPaid ? `collected ${order.paidAt ? formatStaffTime(order.paidAt) : ''}` : `${formatRs(order.totalAmount)} to collect`}
        </dd>
        <dt>Delivery</dt>
        <dd>{order.isDelivered ? `Delivered ${order.deliveredAt ? formatStaffTime(order.deliveredAt) : ''}` : 'Not delivered yet'}</dd>
      </dl>
    </section>
  );
}
