/**
 * A cart line's markup as strings, the one source of it: the cart page draws its lines with these
 * before React has loaded (start-page.ts), and the island (CartLineItem, QuantityStepper) sets the
 * still parts from the same functions and renders only its controls as elements, with the classes
 * and labels exported here. view-html.test.ts holds the two renderings of one state equal, which
 * is also what lets React take the drawn lines over without redrawing them.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import { escapeHtml as e } from '#lib/html.ts';
import { formatRs } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { capMessage, lineQuantityCap } from '#lib/line-cap.ts';
import { ICON_PATHS, iconHtml } from '#components/icons.ts';
import { pictureHtml } from '#components/picture.ts';
import { noticeText, type LineCheck, type LineNotice } from './recheck.ts';

export const LINE_CLASS = 'flex gap-3 py-4 sm:gap-4';
export const THUMB_LINK_CLASS = 'shrink-0 self-start';
export const LINE_BODY_CLASS = 'flex min-w-0 flex-1 flex-col gap-2';
export const LINE_TOP_CLASS = 'flex items-start justify-between gap-2';
export const LINE_ROW_CLASS = 'flex items-center justify-between gap-2';
export const REMOVE_CLASS = 'grid h-9 w-9 shrink-0 place-items-center rounded-full text-stone-500 hover:bg-red-50 hover:text-red-700';
export const NOTICES_CLASS = 'flex flex-col gap-1';
export const SHORT_FIX_CLASS = 'rounded font-semibold whitespace-nowrap text-brand-800 underline underline-offset-2 hover:text-brand-900';
export const CAP_CLASS = 'text-xs text-stone-600';
export const ICON_SMALL = 'h-4 w-4';
export const NOTICE_ICON = 'h-4 w-4 shrink-0';
/** The notice icon's `<path>`: its `<svg>` sits among the notice's text and button. */
export const ALERT_PATH = `<path d="${ICON_PATHS.alert}"></path>`;

export const removeLabel = (title: string) => `Remove ${title} from cart`;
export const shortFixText = (stock: number) => `Change quantity to ${stock}`;
export const noticeClass = (n: LineNotice) => `flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs font-medium ${n.kind === 'price' ? 'text-amber-800' : 'text-red-700'}`;

/** What a line's controls allow: its stepper's top, and whether the line cap (not the stock) stops +. */
export function lineLimits(line: CartLine, check: LineCheck): { max: number; atCap: boolean } {
  const cap = lineQuantityCap();
  // Why + stopped: at the cap (unless the stock stopped it first, which the line's notice says).
  const atCap = line.quantity >= cap && (check.maxQuantity === undefined || check.maxQuantity >= cap);
  return { max: Math.min(check.maxQuantity ?? cap, cap), atCap };
}

// ---- the quantity stepper ------------------------------------------------------------------

export const STEPPER_CLASS = 'inline-flex items-center rounded-full border border-stone-300 bg-white';
export const STEP_CLASS =
  'grid h-9 w-9 place-items-center rounded-full text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent';
export const STEP_COUNT_CLASS = 'min-w-8 text-center text-sm font-semibold tabular-nums text-stone-900';
export const stepperLabels = (title: string) => ({ group: `Quantity of ${title}`, down: `Decrease quantity of ${title}`, up: `Increase quantity of ${title}` });
/** Never below 1; not above `max` when it is known. */
export const stepLimits = (quantity: number, max?: number) => ({ downOff: quantity <= 1, upOff: max !== undefined && quantity >= max });

export function stepperHtml(title: string, quantity: number, max?: number): string {
  const labels = stepperLabels(title);
  const { downOff, upOff } = stepLimits(quantity, max);
  const step = (label: string, off: boolean, icon: 'minus' | 'plus') =>
    `<button type="button" class="${STEP_CLASS}" aria-label="${e(label)}"${off ? ' disabled=""' : ''}>${iconHtml(icon, ICON_SMALL)}</button>`;
  return (
    `<div role="group" aria-label="${e(labels.group)}" class="${STEPPER_CLASS}">` +
    step(labels.down, downOff, 'minus') +
    `<span class="${STEP_COUNT_CLASS}" data-testid="line-quantity">${quantity}</span>` +
    step(labels.up, upOff, 'plus') +
    `</div>`
  );
}

// ---- the still parts of a line -------------------------------------------------------------

/** The line's picture, greyed when the line cannot be bought. */
export function lineThumbHtml(line: CartLine, check: LineCheck): string {
  const className = `block h-20 w-20 rounded-xl bg-stone-100 object-cover sm:h-24 sm:w-24${check.available ? '' : ' opacity-50'}`;
  return pictureHtml({ src: line.images[0], alt: '', sizes: '96px', class: className });
}

/** Title (a link to the product) and unit price, the struck price beside it when discounted. */
export function lineTitleHtml(line: CartLine): string {
  const struck = line.originalPrice !== undefined && line.originalPrice > line.price;
  return (
    `<h3 class="line-clamp-2 text-sm font-medium text-stone-900 sm:text-base"><a href="${e(paths.product(line.productId))}" class="hover:text-brand-700">${e(line.productTitle)}</a></h3>` +
    `<p class="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-sm"><span class="font-semibold text-stone-900" data-testid="line-price">${formatRs(line.price)}</span>` +
    (struck ? `<s class="price-was text-xs"><span class="sr-only">Was </span>${formatRs(line.originalPrice!)}</s>` : '') +
    `</p>`
  );
}

/** The line's subtotal, struck and explained when the line is kept out of the total. */
export function lineSubtotalHtml(line: CartLine, check: LineCheck): string {
  return (
    `<span class="sr-only">Line subtotal: </span><span class="font-semibold ${check.available ? 'text-stone-900' : 'text-stone-500 line-through'}" data-testid="line-subtotal">${formatRs(line.price * line.quantity)}</span>` +
    (check.available ? '' : '<span class="block text-xs text-stone-600">Not counted in the total</span>')
  );
}

// ---- the whole line, as drawn before React -------------------------------------------------

function noticeHtml(n: LineNotice): string {
  const fix = n.kind === 'short' ? `<button type="button" class="${SHORT_FIX_CLASS}">${e(shortFixText(n.stock))}</button>` : '';
  return `<li class="${noticeClass(n)}">${iconHtml('alert', NOTICE_ICON)}${e(noticeText(n))}${fix}</li>`;
}

export function cartLineHtml(line: CartLine, check: LineCheck): string {
  const { max, atCap } = lineLimits(line, check);
  const id = e(line.productId);
  return (
    `<li class="${LINE_CLASS}" data-testid="cart-line" data-product-id="${id}">` +
    `<a href="${e(paths.product(line.productId))}" tabindex="-1" aria-hidden="true" class="${THUMB_LINK_CLASS}">${lineThumbHtml(line, check)}</a>` +
    `<div class="${LINE_BODY_CLASS}"><div class="${LINE_TOP_CLASS}"><div class="min-w-0">${lineTitleHtml(line)}</div>` +
    `<button type="button" aria-label="${e(removeLabel(line.productTitle))}" class="${REMOVE_CLASS}">${iconHtml('trash', 'h-5 w-5')}</button></div>` +
    (check.notices.length > 0 ? `<ul class="${NOTICES_CLASS}" data-testid="line-notices">${check.notices.map(noticeHtml).join('')}</ul>` : '') +
    `<div class="${LINE_ROW_CLASS}">${stepperHtml(line.productTitle, line.quantity, max)}<p class="text-right text-sm">${lineSubtotalHtml(line, check)}</p></div>` +
    (atCap ? `<p class="${CAP_CLASS}" data-testid="line-cap" role="status">${e(capMessage(lineQuantityCap()))}</p>` : '') +
    `</div></li>`
  );
}
