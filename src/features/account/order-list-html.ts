/**
 * The account page's order list as markup (each order links to its status page: number, date,
 * item count, total and status; Buy again, and for a Pending one Cancel order: each opens its
 * status page at that part), drawn before React and rendered by the account page's island
 * alike. One row an order; the order pages' markup (orders/order-parts-html.ts) shows a whole order.
 */
import { escapeHtml as text } from '#lib/html.ts';
import { formatDate } from '#lib/dates.ts';
import { formatRs } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import type { OrderListItem } from '#features/orders/history.ts';
import { itemsText } from '#features/orders/items-text.ts';

export function orderListHtml(orders: OrderListItem[]): string {
  const rows = orders.map(
    (o) =>
      `<li><a href="${text(paths.orderStatus(o._id))}" class="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg py-3 hover:bg-stone-50">` +
      `<span class="min-w-0"><span class="block font-semibold text-stone-900">${text(o.orderNumber)}</span>` +
      `<span class="block text-xs text-stone-600">${text(`${formatDate(o.createdAt)} · ${itemsText(o.itemCount)}`)}</span></span>` +
      `<span class="text-right"><span class="block text-sm font-semibold text-stone-900">${formatRs(o.totalAmount)}</span>` +
      `<span class="block text-xs font-medium text-brand-800">${text(o.status)}</span></span></a>` +
      '<span class="mb-3 flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold">' +
      `<a href="${text(paths.orderBuyAgain(o._id))}" class="text-brand-700 underline underline-offset-2">Buy again<span class="sr-only"> order ${text(o.orderNumber)}</span></a>` +
      (o.status === 'Pending'
        ? `<a href="${text(paths.orderCancel(o._id))}" class="text-red-700 underline underline-offset-2">Cancel order<span class="sr-only"> ${text(o.orderNumber)}</span></a>`
        : '') +
      '</span>' +
      '</li>',
  );
  return `<ul class="divide-y divide-stone-100" data-testid="order-history">${rows.join('')}</ul>`;
}
