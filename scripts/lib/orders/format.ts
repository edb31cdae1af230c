/** How `npm run orders` prints orders: a table for the list, every detail for one order. */
import { formatRs } from '#lib/money.ts';
import type { Order } from '#lib/schemas/orders.ts';

/**
 * Times as the shopper sees them on the order page: Pakistan time (Asia/Karachi, UTC+5 all year,
 * no daylight saving), whatever zone the operator's machine is in. Every printout says so once.
 */
export const TIME_NOTE = 'Times are Pakistan time (PKT, UTC+5).';
const pakistanTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Karachi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-03-01 14:00 PKT` */
export function when(iso: string): string {
  const part = Object.fromEntries(pakistanTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute} PKT`;
}

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
    `${o.guestInfo.name} <${o.guestInfo.email}>${o.isGuest ? ' (guest)' : ''} ${o.contactNumber}`,
  ]);
  return [TIME_NOTE, ...pad([['NUMBER', 'PLACED (PKT)', 'STATUS', 'TOTAL', 'ITEMS', 'CUSTOMER'], ...rows])];
}

export function formatOrder(o: Order): string[] {
  const a = o.shippingAddress;
  return [
    `Order ${o.orderNumber} (id ${o._id})`,
    TIME_NOTE,
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
