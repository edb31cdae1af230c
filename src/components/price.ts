import { escapeHtml } from '#lib/html.ts';
import { formatRs, salePrice } from '#lib/money.ts';

/** Sale price, with the original struck through when discounted (Price.astro). */
export function priceHtml(price: number, discount: number, size: 'sm' | 'lg' = 'sm'): string {
  const sale = salePrice({ price, discount });
  const large = size === 'lg';
  return (
    `<span class="inline-flex flex-wrap items-baseline gap-x-2"><span class="${large ? 'text-2xl font-bold text-stone-900' : 'font-semibold text-stone-900'}" data-testid="price">${escapeHtml(formatRs(sale))}</span>` +
    (sale < price ? `<s class="${large ? 'price-was text-base' : 'price-was text-xs'}"><span class="sr-only">Was </span>${escapeHtml(formatRs(price))}</s>` : '') +
    `</span>`
  );
}
