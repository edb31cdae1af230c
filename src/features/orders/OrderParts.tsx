/** Pieces the order pages share: the status badge, the facts list, the lines, and the contact and address cards. */
import type { ReactNode } from 'react';
import { formatDate } from '#lib/dates.ts';
import { formatRs } from '#lib/money.ts';
import type { Order, OrderStatus } from '#lib/schemas/orders.ts';
import { ProductThumb } from '#components/ProductThumb.tsx';

const BADGE: Record<OrderStatus, string> = {
  Pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  Processing: 'bg-sky-50 text-sky-900 ring-sky-300',
  Shipped: 'bg-indigo-50 text-indigo-900 ring-indigo-300',
  Delivered: 'bg-brand-50 text-brand-900 ring-brand-300',
  Cancelled: 'bg-red-50 text-red-800 ring-red-300',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold ring-1 ${BADGE[status]}`} data-testid="order-status-badge">{status}</span>;
}

export const button = {
  primary: 'inline-flex items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800',
  secondary: 'inline-flex items-center justify-center rounded-full border border-stone-300 bg-white px-6 py-3 text-sm font-semibold text-stone-800 hover:bg-stone-50',
};

export const card = 'rounded-2xl border border-stone-200 bg-white p-5 shadow-sm';

/** A titled card of the order pages. */
export function OrderCard({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`${card} min-w-0 ${className}`}>
      <h2 id={id} className="text-base font-semibold text-stone-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Label and value pairs, the value `data-testid`'d by its key for the tests. */
export function Facts({ rows }: { rows: [key: string, label: string, value: ReactNode][] }) {
  return (
    <dl className="divide-y divide-stone-100 text-sm">
      {rows.map(([key, label, value]) => (
        <div key={key} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
          <dt className="text-stone-600">{label}</dt>
          <dd className="min-w-0 font-medium break-all text-stone-900" data-testid={`order-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function OrderLines({ order }: { order: Order }) {
  return (
    <>
      <ul className="divide-y divide-stone-100" data-testid="order-lines">
        {order.items.map((line) => (
          <li key={line.productId} className="flex gap-3 py-3">
            <ProductThumb src={line.image} size={56} className="h-14 w-14 shrink-0 rounded-xl" />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm font-medium text-stone-900">{line.name}</p>
              <p className="mt-0.5 text-xs text-stone-600">Qty {line.quantity} × {formatRs(line.price)}</p>
            </div>
            <p className="shrink-0 text-sm font-semibold text-stone-900">{formatRs(line.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <Facts
        rows={[
          ['subtotal', 'Subtotal', formatRs(order.subtotal)],
          ['shipping', 'Shipping', <span className="text-brand-700">FREE</span>],
          ['you-save', 'You Save', <span className="text-brand-700">-{formatRs(order.youSave)}</span>],
          ['lines-total', 'Total', formatRs(order.totalAmount)],
        ]}
      />
    </>
  );
}

export function ContactAndAddress({ order }: { order: Order }) {
  const a = order.shippingAddress;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <OrderCard id="contact-heading" title="Contact Information">
        <p className="text-sm font-medium break-words text-stone-900" data-testid="order-contact-name">{order.guestInfo.name}</p>
        <p className="text-sm break-all text-stone-700">{order.guestInfo.email}</p>
        <p className="text-sm text-stone-700">{order.contactNumber}</p>
      </OrderCard>
      <OrderCard id="address-heading" title="Shipping Address">
        <address className="text-sm break-words text-stone-700 not-italic" data-testid="order-address">
          {a.address}
          <br />
          {a.city}, {a.province} {a.postalCode}
          <br />
          {a.country}
        </address>
      </OrderCard>
    </div>
  );
}

export const placedOn = (iso: string) => formatDate(iso);
