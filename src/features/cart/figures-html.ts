/**
 * The figures of a basket as the cart and the checkout both show them: Subtotal, Shipping FREE,
 * You Save and Total, from basketTotals (the one pricing module). A string, the one source of
 * their markup: BasketFigures (the islands) sets it, and the cart page draws it before React.
 */
import { escapeHtml } from '#lib/html.ts';
import { ESTIMATED_DELIVERY } from '#lib/delivery.ts';
import { formatRs, type BasketTotals } from '#lib/money.ts';
import { iconHtml } from '#components/icons.ts';

const ROW = 'flex justify-between gap-4 py-1.5 text-sm';

/** The `<dl>`'s class: the figures' own dividers after the caller's spacing. */
export const figuresClass = (className: string) => `${className} divide-y divide-stone-100`;

/** The rows inside the `<dl>`. */
export function basketFigureRowsHtml(totals: BasketTotals): string {
  return (
    `<div class="${ROW}"><dt class="text-stone-600">Subtotal</dt><dd class="font-medium text-stone-900" data-testid="summary-subtotal">${formatRs(totals.subtotal)}</dd></div>` +
    `<div class="${ROW}"><dt class="text-stone-600">Shipping</dt><dd class="font-semibold text-brand-700" data-testid="summary-shipping">FREE</dd></div>` +
    `<div class="${ROW}"><dt class="text-stone-600">You Save</dt><dd class="font-medium text-brand-700" data-testid="summary-you-save">-${formatRs(totals.youSave)}</dd></div>` +
    `<div class="${ROW} pt-3 text-base"><dt class="font-semibold text-stone-900">Total</dt><dd class="font-bold text-stone-900" data-testid="summary-total">${formatRs(totals.total)}</dd></div>`
  );
}

export function basketFiguresHtml(totals: BasketTotals, className = 'mt-3'): string {
  return `<dl class="${figuresClass(className)}">${basketFigureRowsHtml(totals)}</dl>`;
}

/** The reassurances under both summaries (the items of their `<ul>`): secure checkout, the delivery estimate. */
export const TRUST_ITEMS_HTML =
  `<li class="flex items-center gap-2">${iconHtml('shield', 'h-4 w-4 text-brand-700')}Secure checkout protected by SSL encryption</li>` +
  `<li class="flex items-center gap-2">${iconHtml('truck', 'h-4 w-4 text-brand-700')}${escapeHtml(ESTIMATED_DELIVERY)}</li>`;
export const TRUST_CLASS = 'mt-4 flex flex-col gap-2 text-xs text-stone-600';
