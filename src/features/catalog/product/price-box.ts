/**
 * What the product page's `[data-price-box]` holds: the price (price.ts, size lg) and the discount
 * badge. One source for the built page (details-html.ts) and for buy-box.ts, which redraws it
 * when the catalogue's figures have changed since the build.
 */
import { priceHtml } from '#components/price.ts';
import { discountPercent } from '#lib/money.ts';

export function priceBoxHtml(figures: { price: number; discount: number }): string {
  const percent = discountPercent(figures);
  return (
    priceHtml(figures.price, figures.discount, 'lg') +
    (percent > 0 ? `<span class="rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-bold text-red-700" data-testid="discount-percent">${percent}% OFF</span>` : '')
  );
}
