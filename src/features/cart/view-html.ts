/**
 * The cart page's view as strings, the one source of its still markup: the page draws it before
 * React (start-page.ts), the island sets the same strings and renders its controls as elements
 * with the classes exported here (CartView, CartSummary, CartStates). view-html.test.ts holds the
 * island's rendering of a state equal to cartViewHtml's, so React takes the drawn page over
 * (hydrates it) without changing a node.
 */
import { escapeHtml as e } from '#lib/html.ts';
import type { BasketTotals } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { iconHtml } from '#components/icons.ts';
import { basketFiguresHtml, TRUST_CLASS, TRUST_ITEMS_HTML } from './figures-html.ts';
import { cartLineHtml } from './line-html.ts';
import type { CartViewState } from './view-state.ts';

export const VIEW_CLASS = 'mx-auto max-w-5xl px-4 py-8';
export const VIEW_TOP_CLASS = 'flex flex-wrap items-end justify-between gap-3';
export const HEADING_CLASS = 'text-2xl font-bold text-stone-900 outline-none';
export const COUNT_CLASS = 'mt-1 h-5 text-sm text-stone-500';
export const CLEAR_CLASS = 'rounded-full border border-red-200 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50';
export const GRID_CLASS = 'mt-6 grid items-start gap-6 lg:grid-cols-[1fr_20rem]';
export const LINES_CLASS = 'rounded-2xl border border-stone-200 bg-white px-4 shadow-sm sm:px-5';
export const STATUS_CLASS = 'text-xs text-stone-600 empty:hidden [&:not(:empty)]:pt-3';
export const SUMMARY_CLASS = 'rounded-2xl border border-stone-200 bg-white p-5 shadow-sm lg:sticky lg:top-4';
export const EMPTY_CLASS = 'mt-8 flex flex-col items-center rounded-3xl border border-stone-200 bg-white px-6 py-16 text-center';

export const countText = (lines: number) => `${lines} item(s) in your cart`;

/** The empty cart's contents (CartEmpty's element holds them). */
export const CART_EMPTY_INNER =
  `<span class="grid h-16 w-16 place-items-center rounded-full bg-brand-50 text-brand-700">${iconHtml('cart', 'h-8 w-8')}</span>` +
  '<h2 class="mt-4 text-lg font-semibold text-stone-900">Your cart is empty</h2>' +
  '<p class="mt-1 text-sm text-stone-500">Fresh groceries and daily essentials are a click away.</p>' +
  `<a href="${paths.home()}" class="mt-6 inline-flex rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800">Start Shopping</a>`;

export const emptyClass = (className: string) => `${EMPTY_CLASS} ${className}`;

/**
 * The order summary's contents: figures from basketTotals over the lines that can be bought now;
 * Proceed to Checkout held back (with the reason) while a line is unavailable or above its stock.
 */
export function cartSummaryInnerHtml(totals: BasketTotals, blocked?: string): string {
  const proceed = blocked
    ? '<button type="button" disabled="" aria-describedby="checkout-blocked" class="w-full cursor-not-allowed rounded-full bg-stone-300 px-6 py-3 text-sm font-semibold text-stone-700">Proceed to Checkout</button>' +
      `<p id="checkout-blocked" class="text-xs text-red-700">${e(blocked)}</p>`
    : `<a href="${paths.checkout()}" class="w-full rounded-full bg-brand-700 px-6 py-3 text-center text-sm font-semibold text-white hover:bg-brand-800">Proceed to Checkout</a>`;
  return (
    '<h2 id="cart-summary-heading" class="text-lg font-semibold text-stone-900">Order Summary</h2>' +
    basketFiguresHtml(totals) +
    `<div class="mt-4 flex flex-col gap-2">${proceed}<a href="${paths.home()}" class="w-full rounded-full border border-stone-300 px-6 py-3 text-center text-sm font-semibold text-stone-800 hover:bg-stone-50">Continue Shopping</a></div>` +
    `<ul class="${TRUST_CLASS}">${TRUST_ITEMS_HTML}</ul>`
  );
}

/** The cart as the island shows it once mounted: heading and count, the lines and the summary, or the empty state. */
export function cartViewHtml(state: CartViewState): string {
  const { lines, checks } = state;
  const top =
    `<div class="${VIEW_TOP_CLASS}"><div><h1 tabindex="-1" class="${HEADING_CLASS}">Shopping Cart</h1><p class="${COUNT_CLASS}" data-testid="cart-count-text">${countText(lines.length)}</p></div>` +
    (lines.length > 0 ? `<button type="button" class="${CLEAR_CLASS}">Clear All Items</button>` : '') +
    '</div>';
  const body =
    lines.length === 0
      ? `<div class="${emptyClass('')}" data-testid="cart-empty">${CART_EMPTY_INNER}</div>`
      : `<div class="${GRID_CLASS}"><section aria-labelledby="cart-lines-heading" class="${LINES_CLASS}"><h2 id="cart-lines-heading" class="sr-only">Items in your cart</h2>` +
        `<p role="status" class="${e(STATUS_CLASS)}" data-testid="recheck-status">${e(state.status)}</p>` +
        `<ul class="divide-y divide-stone-100">${lines.map((line, i) => cartLineHtml(line, checks[i])).join('')}</ul></section>` +
        `<section aria-labelledby="cart-summary-heading" class="${SUMMARY_CLASS}">${cartSummaryInnerHtml(state.totals, state.blocked)}</section></div>`;
  return `<div class="${VIEW_CLASS}">${top}${body}</div>`;
}
