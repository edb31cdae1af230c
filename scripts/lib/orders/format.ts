/** How `npm run orders` prints orders: a table for the list, every detail for one order. */
import { formatRs } from '#lib/money.ts';
import type { Order } from '#lib/schemas/orders.ts';

/** `2026-03-01 09:00 UTC`: the operator's machine and the shopper's may be in different zones. */
export const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const pad = (rows: string[][]) => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd());
};

export function formatList(orders: readonly Order[]): string[] {
  if (!orders.length) return ['No orders.'];
  const rows = orders.map((o) => [
    o.orderNumber,
    when(o.createdAt),
    o.status,
    formatRs(o.totalAmount),
    String(o.itemCount),
    `${o.guestInfo.name} <${o.guestInfo.email}>${o.isGuest ? ' (guest)' : ''}`,
  ]);
  return pad([['NUMBER', 'PLACED', 'STATUS', 'TOTAL', 'ITEMS', 'CUSTOMER'], ...rows]);
}

export function formatOrder(o: Order): string[] {
  const a = o.shippingAddress;
  return [
    `Order ${o.orderNumber} (id ${o._id})`,
    `Status:    ${o.status}`,
    `Placed:    ${when(o.createdAt)}`,
    `Customer:  ${o.guestInfo.name} <${o.guestInfo.email}>${o.isGuest ? ' (guest)' : ' (account)'}`,
    `Phone:     ${o.contactNumber}`,
    `Address:   ${a.address}, ${a.city}, ${a.province} ${a.postalCode}, ${a.country}`,
    `Payment:   ${o.paymentMethod === 'COD' ? 'Cash on delivery' : o.paymentMethod}, ${o.isPaid && o.paidAt ? `paid ${when(o.paidAt)}` : 'not paid yet'}`,
    `Delivered: ${o.isDelivered && o.deliveredAt ? when(o.deliveredAt) : 'no'}`,
    '',
    'Items:',
    ...pad(o.items.map((l) => [`  ${l.quantity} ×`, l.name, `(${l.productId})`, `at ${formatRs(l.price)}`, `= ${formatRs(l.lineTotal)}`])),
    '',
    `Subtotal:  ${formatRs(o.subtotal)}`,
    `You Save:  - ${formatRs(o.youSave)}`,
    `Delivery:  ${o.shipping > 0 ? formatRs(o.shipping) : 'Free'}`,
    `Total:     ${formatRs(o.totalAmount)}`,
    '',
    'Timeline:',
    ...o.statusHistory.map((e) => `  ${when(e.at)}  ${e.status}`),
  ];
}
