/**
 * The checkout's order summary as strings, the one source of its still markup: the page draws it
 * before React (start-summary.ts), and the island (CheckoutOrderSummary, SummaryLine,
 * CheckoutSummary, CheckoutStates) sets the same strings and renders its controls as elements
 * with the classes exported here. summary-html.test.ts holds the two renderings of one state
 * equal, which is what lets React take the drawn summary over without redrawing it.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import { CHECKOUT_MESSAGES } from '#lib/schemas/orders-rules.ts';
import { escapeHtml as e } from '#lib/html.ts';
import { formatRs } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { iconHtml } from '#components/icons.ts';
import { pictureHtml } from '#components/picture.ts';
import { noticeText, type LineCheck, type LineNotice } from '#features/cart/recheck.ts';
import { stepperHtml } from '#features/cart/line-html.ts';
import { basketFiguresHtml, TRUST_CLASS, TRUST_ITEMS_HTML } from '#features/cart/figures-html.ts';
import type { SummaryState } from './summary-state.ts';

export const SUMMARY_LINE_CLASS = 'flex gap-3 py-3';
export const LINE_MAIN_CLASS = 'min-w-0 flex-1';
export const LINE_HEAD_CLASS = 'flex items-start justify-between gap-3';
export const QTY_CLASS = 'mt-0.5 text-xs text-stone-600';
export const FIX_CLASS = 'mt-2 space-y-2';
export const NOTICES_CLASS = 'space-y-1 empty:hidden';
export const FIX_ROW_CLASS = 'flex flex-wrap items-center gap-2';
export const REMOVE_CLASS = 'rounded-full px-3 py-2 text-xs font-semibold text-red-700 hover:bg-red-50';
export const SECTION_CLASS = 'rounded-2xl border border-stone-200 bg-white p-5 shadow-sm lg:sticky lg:top-4';
export const HEADING_HTML = '<h2 id="checkout-summary-heading" class="text-lg font-semibold text-stone-900">Order Summary</h2>';
export const STATUS_CLASS = 'text-xs text-stone-600 empty:hidden [&:not(:empty)]:mt-2';
export const LINES_CLASS = 'mt-2 divide-y divide-stone-100 border-b border-stone-100';
export const BLOCKED_CLASS = 'mt-2 rounded-xl bg-red-50 px-3 py-2 text-xs font-medium text-red-800';
export const EMPTY_CLASS = 'flex flex-col items-center rounded-3xl border border-stone-200 bg-white px-6 py-16 text-center';

export const qtyText = (line: CartLine) => `Qty ${line.quantity} × ${formatRs(line.price)}`;
/** A line shows its notices and controls when flagged: a notice, unavailable, or named by a 409. */
export const isFlagged = (check: LineCheck, editable: boolean) => editable || check.notices.length > 0 || !check.available;

/** The line's picture, greyed when the line cannot be bought (inside a `shrink-0` box). */
export function summaryThumbHtml(line: CartLine, check: LineCheck): string {
  return pictureHtml({ src: line.images[0], alt: '', sizes: '56px', class: `block h-14 w-14 rounded-xl bg-stone-100 object-cover${check.available ? '' : ' opacity-50'}` });
}

/** Name and line total (inside LINE_HEAD_CLASS). */
export function summaryLineHeadHtml(line: CartLine, check: LineCheck): string {
  return (
    `<p class="line-clamp-2 text-sm font-medium text-stone-900">${e(line.productTitle)}</p>` +
    `<p class="shrink-0 text-right text-sm"><span class="sr-only">Line total: </span><span class="font-semibold ${check.available ? 'text-stone-900' : 'text-stone-500 line-through'}" data-testid="checkout-line-total">${formatRs(line.price * line.quantity)}</span></p>`
  );
}

/** The notices' items (inside NOTICES_CLASS). */
export const summaryNoticesHtml = (notices: readonly LineNotice[]) =>
  notices.map((n) => `<li class="flex items-center gap-1.5 text-xs font-medium ${n.kind === 'price' ? 'text-amber-800' : 'text-red-700'}">${iconHtml('alert', 'h-4 w-4 shrink-0')}${e(noticeText(n))}</li>`).join('');

/** Remove's text (inside the button). */
export const removeInnerHtml = (line: CartLine) => `Remove<span class="sr-only"> ${e(line.productTitle)}</span>`;

export function summaryLineHtml(line: CartLine, check: LineCheck, editable: boolean): string {
  const fix = isFlagged(check, editable)
    ? `<div class="${FIX_CLASS}"><ul class="${NOTICES_CLASS}" data-testid="checkout-line-notices">${summaryNoticesHtml(check.notices)}</ul>` +
      `<div class="${FIX_ROW_CLASS}">${check.available ? stepperHtml(line.productTitle, line.quantity, check.maxQuantity) : ''}<button type="button" class="${REMOVE_CLASS}">${removeInnerHtml(line)}</button></div></div>`
    : '';
  return (
    `<li class="${SUMMARY_LINE_CLASS}" data-testid="checkout-line" data-product-id="${e(line.productId)}"><div class="shrink-0">${summaryThumbHtml(line, check)}</div>` +
    `<div class="${LINE_MAIN_CLASS}"><div class="${LINE_HEAD_CLASS}">${summaryLineHeadHtml(line, check)}</div><p class="${QTY_CLASS}" data-testid="checkout-line-quantity">${e(qtyText(line))}</p>${fix}</div></li>`
  );
}

/** The empty state's contents (CheckoutEmpty's element holds them). */
export const CHECKOUT_EMPTY_INNER =
  `<span class="grid h-16 w-16 place-items-center rounded-full bg-brand-50 text-brand-700">${iconHtml('cart', 'h-8 w-8')}</span>` +
  '<h2 class="mt-4 text-lg font-semibold text-stone-900">Nothing to check out yet</h2>' +
  `<p class="mt-1 max-w-sm text-sm text-stone-600">${e(CHECKOUT_MESSAGES.emptyCart)}</p>` +
  `<a href="${paths.home()}" class="mt-6 inline-flex rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800">Start Shopping</a>`;
export const emptyClass = (className: string) => `${EMPTY_CLASS} ${className}`;

/** The summary as the island shows it once mounted: the lines, figures and notes, or the empty state. */
export function orderSummaryHtml(state: SummaryState): string {
  if (!state.showForm) return `<div class="${emptyClass('')}" data-testid="checkout-empty">${CHECKOUT_EMPTY_INNER}</div>`;
  return (
    `<section aria-labelledby="checkout-summary-heading" class="${SECTION_CLASS}">${HEADING_HTML}` +
    `<p role="status" class="${e(STATUS_CLASS)}" data-testid="checkout-recheck-status">${e(state.status)}</p>` +
    `<ul class="${LINES_CLASS}">${state.lines.map((line, i) => summaryLineHtml(line, state.checks[i], state.editable[i])).join('')}</ul>` +
    basketFiguresHtml(state.totals, 'mt-2') +
    (state.blocked ? `<p class="${BLOCKED_CLASS}" data-testid="checkout-blocked">${e(state.blocked)}</p>` : '') +
    `<ul class="${TRUST_CLASS}">${TRUST_ITEMS_HTML}</ul></section>`
  );
}
