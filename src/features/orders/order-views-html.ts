/**
 * The order pages' views as markup strings, the one source of them: the confirmation
 * (successViewHtml), an order's status (statusViewHtml), the loading state, Order not found and a
 * load that failed. The build writes the loading state into the page, and the pages' own script
 * (start-page.ts) draws the state it reaches (orderPageHtml) with no React. Only a temporary
 * guest order is React's (TempOrderInfo, TempOrderNotice: buttons that place, a timer).
 */
import { iconHtml } from '#components/icons.ts';
import { escapeHtml as e } from '#lib/html.ts';
import { formatRs } from '#lib/money.ts';
import { ORDER_BUY_AGAIN_FRAGMENT as BUY_AGAIN_FRAGMENT, ORDER_CANCEL_FRAGMENT as CANCEL_FRAGMENT, paths } from '#lib/paths.ts';
import { DELIVERY_ESTIMATE } from '#lib/delivery.ts';
import type { Order, OrderSummary } from '#lib/schemas/order-replies.ts';
import { NOT_FOUND, type Tracked } from './api.ts';
import type { TrackedState } from './page-state.ts';
import { itemsText } from './items-text.ts';
import { button, card, contactAndAddressHtml, factsHtml, orderCardHtml, orderLinesHtml, placedOn, statusBadgeHtml, statusTimelineHtml } from './order-parts-html.ts';

/** The element each page's view sits in (the island's root renders it too). */
export const ORDER_FRAME = 'mx-auto max-w-5xl px-4 py-8';

export const SUCCESS_HEADING = 'Order Confirmation';
export const STATUS_HEADING = 'Track Your Order';
export const LOADING_LABEL = 'Loading your order…';

const title = 'text-2xl font-bold text-stone-900';

export function orderLoadingHtml(heading: string, label = LOADING_LABEL): string {
  const bar = 'animate-pulse rounded bg-stone-200';
  return (
    `<div class="space-y-4" data-testid="order-loading"><h1 class="${title}">${e(heading)}</h1><p role="status" class="sr-only">${e(label)}</p>` +
    `<div aria-hidden="true" class="space-y-4"><div class="h-24 rounded-2xl ${bar}"></div><div class="h-48 rounded-2xl ${bar}"></div></div></div>`
  );
}

/** Marks the Try Again button of a failed load (start-page.ts asks again when it is pressed). */
export const ORDER_RETRY_ATTRIBUTE = 'data-order-retry';

/** A load that failed: what went wrong, and Try Again. */
export function orderFailedHtml(heading: string, message: string): string {
  return (
    `<h1 class="${title}">${e(heading)}</h1>` +
    '<div role="alert" class="mt-6 flex flex-col items-center rounded-3xl border border-red-200 bg-white px-6 py-12 text-center" data-testid="order-error">' +
    `<span class="grid h-14 w-14 place-items-center rounded-full bg-red-50 text-red-700">${iconHtml('alert', 'h-7 w-7')}</span>` +
    `<h2 class="mt-3 text-lg font-semibold text-stone-900">Something went wrong</h2><p class="mt-1 max-w-sm text-sm text-stone-600">${e(message)}</p>` +
    `<button type="button" ${ORDER_RETRY_ATTRIBUTE} class="mt-5 inline-flex rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800">Try Again</button></div>`
  );
}

/**
 * An order the store does not know: 'Order not found...' and the tracking form to try another.
 * The form is plain HTML (GET /OrderStatus/?order=…, where the tracking island takes it over), so
 * it works with no script of its own (its classes are the accounts' `ui` ones, written out).
 */
export function notFoundHtml(heading: string): string {
  return (
    `<div class="mx-auto max-w-md" data-testid="order-not-found"><h1 class="${title}">${e(heading)}</h1>` +
    `<p role="alert" class="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">${e(NOT_FOUND)}</p>` +
    `<form method="get" action="${e(paths.orderStatusForm())}" class="mt-6 space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm" aria-labelledby="try-again-heading">` +
    '<h2 id="try-again-heading" class="text-lg font-semibold text-stone-900">Track another order</h2>' +
    '<div><label for="order" class="block text-sm font-semibold text-stone-800">Order number or order ID</label>' +
    '<input id="order" name="order" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="200" class="mt-1.5 block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-[15px] text-stone-900 hover:border-stone-400 focus:border-brand-600"></div>' +
    '<button type="submit" class="inline-flex w-full items-center justify-center rounded-xl bg-brand-700 px-4 py-3 text-sm font-semibold text-white hover:bg-brand-800">Track Order</button></form></div>'
  );
}

/** The cancel form (start-page.ts sends it) and the element its words are written in. */
export const CANCEL_FORM_ATTRIBUTE = 'data-order-cancel';
export const CANCEL_MESSAGE_ID = 'cancel-order-message';

/**
 * Cancel this order, for a Pending order: a disclosure (the shopper confirms by opening it and
 * pressing Yes), asking for the phone the order was placed with unless the shopper is signed in
 * and the order is theirs to see whole (the store still checks; a 403 asks for the phone).
 */
export function cancelFormHtml(askPhone: boolean, open: boolean): string {
  const phone = askPhone
    ? '<div><label for="cancel-phone" class="block text-sm font-semibold text-stone-800">Phone number used for this order</label>' +
      '<input id="cancel-phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" maxlength="40" required aria-describedby="' + CANCEL_MESSAGE_ID + '" class="mt-1.5 block w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-[15px] text-stone-900 hover:border-stone-400 focus:border-brand-600"></div>'
    : '';
  return (
    `<details id="${CANCEL_FRAGMENT}" class="${card}" data-testid="order-cancel"${open ? ' open' : ''}>` +
    '<summary class="cursor-pointer text-base font-semibold text-stone-900">Cancel this order</summary>' +
    `<form ${CANCEL_FORM_ATTRIBUTE} class="mt-3 space-y-4" novalidate><p class="text-sm text-stone-700">You can cancel while the order is Pending. Nothing will be delivered or charged.</p>` +
    phone +
    `<p id="${CANCEL_MESSAGE_ID}" role="alert" class="text-sm font-medium text-red-800 empty:hidden"></p>` +
    '<button type="submit" class="inline-flex w-full items-center justify-center rounded-full bg-red-700 px-6 py-3 text-sm font-semibold text-white hover:bg-red-800 sm:w-auto">Yes, cancel my order</button></form></details>'
  );
}

/** The Buy again button and where its outcome is written (start-page.ts handles both). */
export const BUY_AGAIN_ATTRIBUTE = 'data-buy-again';
export const BUY_AGAIN_MESSAGE_ID = 'buy-again-message';

/** Buy again: the order's lines back into the cart at today's prices (buy-again.ts). */
export function buyAgainHtml(): string {
  return (
    `<section id="${BUY_AGAIN_FRAGMENT}" aria-labelledby="buy-again-heading" class="${card}" data-testid="order-buy-again">` +
    '<h2 id="buy-again-heading" class="text-base font-semibold text-stone-900">Buy again</h2>' +
    '<p class="mt-1 text-sm text-stone-700">Put this order&#39;s items back in your cart, at today&#39;s prices and as many as are in stock.</p>' +
    `<button type="button" ${BUY_AGAIN_ATTRIBUTE} class="mt-3 ${button.primary}">Add these items to my cart</button>` +
    `<div id="${BUY_AGAIN_MESSAGE_ID}" role="status" class="mt-3 text-sm text-stone-800 empty:hidden"></div></section>`
  );
}

/** What buying again did: a sentence, every line not added in full, and the way to the cart. */
export function buyAgainResultHtml(summary: string, notes: readonly string[]): string {
  const list = notes.length ? `<ul class="mt-2 list-disc space-y-1 pl-5" data-testid="buy-again-notes">${notes.map((n) => `<li>${e(n)}</li>`).join('')}</ul>` : '';
  return `<p class="font-medium">${e(summary)}</p>${list}<a href="${e(paths.cart())}" class="mt-3 inline-flex font-semibold text-brand-700 underline underline-offset-2">Go to your cart</a>`;
}

/**
 * An order's status: badge, number, dates, total, payment, the timeline, and (by id, or to its
 * signed-in owner) the lines, address and contact. By number alone only the summary: the details
 * are in the confirmation e-mail, or shown to the owner once signed in.
 */
export function statusViewHtml(tracked: Tracked, signedIn: boolean, notice = '', cancelOpen = false): string {
  const o: OrderSummary = tracked.kind === 'order' ? tracked.order : tracked.summary;
  const order = tracked.kind === 'order' ? tracked.order : undefined;
  const rows: [string, string, string][] = [
    ['number', 'Order Number', e(o.orderNumber)],
    ...(order ? [['id', 'Order ID', e(order._id)] as [string, string, string]] : []),
    ['date', 'Placed on', e(placedOn(o.createdAt))],
    ['updated', 'Last updated', e(placedOn(o.updatedAt))],
    ['items', 'Items', e(itemsText(o.itemCount, order?.items.length))],
    ['total', 'Total', e(formatRs(o.totalAmount))],
    ['payment', 'Payment', e(o.isPaid && o.paidAt ? `Cash on Delivery (COD), paid ${placedOn(o.paidAt)}` : 'Cash on Delivery (COD)')],
  ];
  const details = order
    ? contactAndAddressHtml(order) + orderCardHtml('items-heading', `Items: ${itemsText(order.itemCount, order.items.length)}`, orderLinesHtml(order))
    : '<p class="rounded-xl border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700" data-testid="order-private-note">For your privacy, an order number alone shows no name, address or items. They are in your confirmation e-mail' +
      (signedIn ? ', and on the link it holds.' : `, or <a href="${e(paths.signin(paths.orderStatus(o.orderNumber)))}" class="font-semibold text-brand-700 underline underline-offset-2">sign in</a> to see them if the order is yours.`) +
      '</p>';
  return (
    `<div class="space-y-6" data-testid="order-status" data-view="${tracked.kind}">` +
    `<div class="flex flex-wrap items-center gap-3"><h1 class="${title}">Order ${e(o.orderNumber)}</h1>${statusBadgeHtml(o.status)}</div>` +
    (notice ? `<p role="status" class="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-900" data-testid="order-notice">${e(notice)}</p>` : '') +
    (o.status === 'Cancelled' ? '<p class="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">This order was cancelled. Nothing is due for it.</p>' : '') +
    '<div class="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">' +
    orderCardHtml('summary-heading', 'Order Summary', factsHtml(rows)) +
    orderCardHtml('timeline-heading', 'Order Progress', statusTimelineHtml(o.status, o.statusHistory, o.createdAt)) +
    '</div>' +
    details +
    (order ? buyAgainHtml() : '') +
    (o.status === 'Pending' ? cancelFormHtml(!(signedIn && order && !order.isGuest), cancelOpen) : '') +
    `<div class="flex flex-col gap-3 sm:flex-row"><a href="${e(paths.orderStatusForm())}" class="${button.secondary}">Track Another Order</a><a href="${e(paths.home())}" class="${button.secondary}">Continue Shopping</a></div>` +
    '</div>'
  );
}

const NEXT_STEPS = [
  ['Order processing', 'We confirm your order and pack your items, usually within a few hours.'],
  ['Shipment', `Your order leaves our store; delivery takes ${DELIVERY_ESTIMATE}.`],
  ['Cash on delivery', 'Pay the rider in cash when your order arrives. No card needed.'],
] as const;

/** The confirmation's 'What's Next': three steps from processing to paying in cash at the door. */
function whatsNextHtml(): string {
  const steps = NEXT_STEPS.map(
    ([name, text], i) =>
      `<li class="flex gap-3"><span class="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white" aria-hidden="true">${i + 1}</span><div><p class="text-sm font-semibold text-stone-900">${e(name)}</p><p class="mt-0.5 text-sm text-stone-600">${e(text)}</p></div></li>`,
  );
  return `<section aria-labelledby="whats-next-heading" class="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"><h2 id="whats-next-heading" class="text-base font-semibold text-stone-900">What&#39;s Next</h2><ol class="mt-4 grid gap-4 sm:grid-cols-3">${steps.join('')}</ol></section>`;
}

/**
 * The confirmation of a placed order: the thank-you header, the summary (number, id, total,
 * payment, date, status Pending as placed), contact and address, the lines, Track Your Order and
 * Continue Shopping, and What's Next.
 */
export function successViewHtml(order: Order): string {
  const summary = factsHtml([
    ['number', 'Order Number', e(order.orderNumber)],
    ['id', 'Order ID', e(order._id)],
    ['total', 'Total', e(formatRs(order.totalAmount))],
    ['payment', 'Payment Method', 'Cash on Delivery (COD)'],
    ['date', 'Order Date', e(placedOn(order.createdAt))],
    ['status', 'Status', statusBadgeHtml(order.status)],
  ]);
  return (
    '<div class="space-y-6" data-testid="order-success">' +
    '<div class="flex flex-col items-center rounded-3xl border border-brand-200 bg-brand-50 px-5 py-8 text-center">' +
    `<span class="grid h-14 w-14 place-items-center rounded-full bg-brand-700 text-white" aria-hidden="true">${iconHtml('shield', 'h-7 w-7')}</span>` +
    `<h1 class="mt-3 ${title}">Thank you for your order!</h1>` +
    `<p class="mt-1 max-w-md text-sm text-stone-700">We have received your order and sent a confirmation to <span class="inline-block max-w-full font-semibold wrap-anywhere" data-testid="order-success-email">${e(order.guestInfo.email)}</span>.</p></div>` +
    '<div class="grid items-start gap-6 lg:grid-cols-[1fr_20rem]"><div class="min-w-0 space-y-6">' +
    orderCardHtml('summary-heading', 'Order Summary', summary) +
    contactAndAddressHtml(order) +
    '</div>' +
    orderCardHtml('items-heading', `Items: ${itemsText(order.itemCount, order.items.length)}`, orderLinesHtml(order)) +
    '</div>' +
    `<div class="flex flex-col gap-3 sm:flex-row sm:justify-center"><a href="${e(paths.orderStatus(order._id))}" class="${button.primary}">Track Your Order</a><a href="${e(paths.home())}" class="${button.secondary}">Continue Shopping</a></div>` +
    whatsNextHtml() +
    '</div>'
  );
}

export type OrderPage = 'success' | 'order-status';

/**
 * What a page shows in `state` for the id or number in its address (`id`, '' when it has none):
 * loading, the order, Order not found, or the failed load. Never a temporary order's (React's).
 */
export function orderPageHtml(page: OrderPage, id: string, state: TrackedState, signedIn: boolean, view: { notice?: string; cancelOpen?: boolean } = {}): string {
  const heading = page === 'success' ? SUCCESS_HEADING : STATUS_HEADING;
  if (!id) return notFoundHtml(heading);
  if (state.status === 'loading') return orderLoadingHtml(heading);
  if (state.status === 'failed') return orderFailedHtml(heading, state.message);
  if (state.status === 'found' && page === 'order-status') return statusViewHtml(state.tracked, signedIn, view.notice, view.cancelOpen);
  if (state.status === 'found' && state.tracked.kind === 'order') return successViewHtml(state.tracked.order);
  return notFoundHtml(heading);
}
