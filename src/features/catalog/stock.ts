/** Labels and colours of the stock badge, shared by StockBadge.astro and ProductCard.astro. */
import { stockState } from '#lib/money.ts';


export function stockBadge(stock: number): { label: string; className: string } {
  const state = stockState(stock);
  const label = state === 'out' ? 'Out of Stock' : state === 'low' ? `Only ${stock} left!` : 'In Stock';
  return { label, className: `badge badge-${state}` };
}

/** Width of the gold layer of the stars, as a CSS percentage. */
export function starsPercent(rating: number): number {
  return Math.max(0, Math.min(100, (rating / 5) * 100));
}
