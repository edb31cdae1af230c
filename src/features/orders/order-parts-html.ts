/**
 * The pieces the order pages are made of, as markup strings: the status badge, the facts list, a
 * titled card, the lines with their totals, the contact and address cards, and the status
 * timeline. Strings rather than components so the pages' own script can draw an order before
 * React has loaded, and the islands show the very same markup (order-views-html.ts puts them
 * together; the islands write it with dangerouslySetInnerHTML). Every value from the order is
 * escaped here.
 */
import { cityLine } from '#lib/address.ts';
import { escapeHtml as e } from '#lib/html.ts';
import { formatDate } from '#lib/dates.ts';
import { formatRs } from '#lib/money.ts';
import type { Order, OrderStatus, StatusEvent } from '#lib/schemas/orders.ts';
import { pictureHtml } from '#components/picture.ts';
import { timeline } from './rules.ts';

const BADGE: Record<OrderStatus, string> = {
  Pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  Processing: 'bg-sky-50 text-sky-900 ring-sky-300',
  Shipped: 'bg-indigo-50 text-indigo-900 ring-indigo-300',
  Delivered: 'bg-brand-50 text-brand-900 ring-brand-300',
  Cancelled: 'bg-red-50 text-red-800 ring-red-300',
};

export const button = {
  primary: 'inline-flex items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800',
  secondary: 'inline-flex items-center justify-center rounded-full border border-stone-300 bg-white px-6 py-3 text-sm font-semibold text-stone-800 hover:bg-stone-50',
};

export const card = 'rounded-2xl border border-stone-200 bg-white p-5 shadow-sm';

export const placedOn = (iso: string) => formatDate(iso);

export function statusBadgeHtml(status: OrderStatus): string {
  return `<span class="inline-flex rounded-full px-3 py-1 text-xs font-semibold ring-1 ${BADGE[status]}" data-testid="order-status-badge">${e(status)}</span>`;
}

/** A titled card of the order pages; `inner` is markup. */
export function orderCardHtml(id: string, title: string, inner: string, className = ''): string {
  return `<section aria-labelledby="${id}" class="${card} min-w-0 ${className}"><h2 id="${id}" class="text-base font-semibold text-stone-900">${e(title)}</h2><div class="mt-3">${inner}</div></section>`;
}

/** Label and value pairs (the value is markup), the value `data-testid`'d by its key for the tests. */
export function factsHtml(rows: [key: string, label: string, value: string][]): string {
  const items = rows.map(
    ([key, label, value]) =>
      `<div class="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2"><dt class="text-stone-600">${e(label)}</dt><dd class="min-w-0 font-medium break-all text-stone-900" data-testid="order-${key}">${value}</dd></div>`,
  );
  return `<dl class="divide-y divide-stone-100 text-sm">${items.join('')}</dl>`;
}

/** The order's lines, each with its picture (the shared product picture), then the totals. */
export function orderLinesHtml(order: Order): string {
  const lines = order.items.map(
    (line) =>
      `<li class="flex gap-3 py-3">${pictureHtml({ src: line.image, alt: '', sizes: '56px', class: 'h-14 w-14 shrink-0 rounded-xl bg-stone-100 object-cover' })}` +
      `<div class="min-w-0 flex-1"><p class="line-clamp-2 text-sm font-medium text-stone-900">${e(line.name)}</p><p class="mt-0.5 text-xs text-stone-600">Qty ${e(line.quantity)} × ${e(formatRs(line.price))}</p></div>` +
      `<p class="shrink-0 text-sm font-semibold text-stone-900">${e(formatRs(line.lineTotal))}</p></li>`,
  );
  return (
    `<ul class="divide-y divide-stone-100" data-testid="order-lines">${lines.join('')}</ul>` +
    factsHtml([
      ['subtotal', 'Subtotal', e(formatRs(order.subtotal))],
      ['shipping', 'Shipping', '<span class="text-brand-700">FREE</span>'],
      ['you-save', 'You Save', `<span class="text-brand-700">-${e(formatRs(order.youSave))}</span>`],
      ['lines-total', 'Total', e(formatRs(order.totalAmount))],
    ])
  );
}

export function contactAndAddressHtml(order: Order): string {
  const a = order.shippingAddress;
  return (
    '<div class="grid gap-4 sm:grid-cols-2">' +
    orderCardHtml(
      'contact-heading',
      'Contact Information',
      `<p class="text-sm font-medium break-words text-stone-900" data-testid="order-contact-name">${e(order.guestInfo.name)}</p><p class="text-sm wrap-anywhere text-stone-700">${e(order.guestInfo.email)}</p><p class="text-sm text-stone-700">${e(order.contactNumber)}</p>`,
    ) +
    orderCardHtml(
      'address-heading',
      'Shipping Address',
      `<address class="text-sm break-words text-stone-700 not-italic" data-testid="order-address">${e(a.address)}<br>${e(cityLine(a))}<br>${e(a.country)}</address>`,
    ) +
    '</div>'
  );
}

const timeFormat = new Intl.DateTimeFormat('en-PK', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Karachi' });

const DOT = {
  done: 'bg-brand-700 ring-brand-700',
  current: 'bg-brand-700 ring-brand-200 ring-4',
  upcoming: 'bg-white ring-stone-300',
  cancelled: 'bg-red-600 ring-red-200 ring-4',
} as const;

/** An order's way from Pending to Delivered, each step with the time it was reached; Cancelled shown plainly. */
export function statusTimelineHtml(status: OrderStatus, history: StatusEvent[], createdAt: string): string {
  const steps = timeline(status, history, createdAt);
  const items = steps.map((step, i) => {
    const line = i < steps.length - 1 ? `<span class="absolute top-5 left-[7px] h-[calc(100%+0.25rem)] w-0.5 ${step.state === 'done' ? 'bg-brand-700' : 'bg-stone-200'}" aria-hidden="true"></span>` : '';
    const tone = step.state === 'cancelled' ? 'text-red-700' : step.state === 'upcoming' ? 'text-stone-500' : 'text-stone-900';
    const current = step.state === 'current' ? '<span class="ml-2 text-xs font-medium text-brand-700">Current</span>' : '';
    const when = step.at ? `<time datetime="${e(step.at)}">${e(timeFormat.format(new Date(step.at)))}</time>` : step.state === 'upcoming' ? 'Not yet' : '';
    const marked = step.state === 'current' || step.state === 'cancelled' ? ' aria-current="step"' : '';
    return (
      `<li class="relative flex gap-4" data-state="${step.state}"${marked}>${line}<span class="relative mt-1 h-4 w-4 shrink-0 rounded-full ring-2 ${DOT[step.state]}" aria-hidden="true"></span>` +
      `<div><p class="text-sm font-semibold ${tone}">${e(step.status)}${current}</p><p class="text-xs text-stone-600">${when}</p></div></li>`
    );
  });
  return `<ol class="relative space-y-5 pl-1" data-testid="order-timeline">${items.join('')}</ol>`;
}
