/** The stock badge: when a product is low or out of stock, and the badge that says so (cards, details, wishlist). */
import { attr, escapeHtml } from '#lib/html.ts';
import { inStock } from '#lib/in-stock.ts';

/** 1 to LOW_STOCK_MAX left is low stock. */
export const LOW_STOCK_MAX = 5;

export type StockState = 'out' | 'low' | 'in';

export function stockState(stock: number): StockState {
  if (!inStock(stock)) return 'out';
  if (stock <= LOW_STOCK_MAX) return 'low';
  return 'in';
}

/** Label and classes of the stock badge, shared by StockBadge.astro and ProductCard.astro. */
export function stockBadge(stock: number): { label: string; className: string } {
  const state = stockState(stock);
  const label = state === 'out' ? 'Out of Stock' : state === 'low' ? `Only ${stock} left!` : 'In Stock';
  return { label, className: `badge badge-${state}` };
}

/** The badge's `<span>` (StockBadge.astro), with `className` after the badge's own classes. */
export function stockBadgeHtml(stock: number, className = ''): string {
  const badge = stockBadge(stock);
  return `<span${attr('class', `${badge.className} ${className}`)} data-testid="stock-badge">${escapeHtml(badge.label)}</span>`;
}
