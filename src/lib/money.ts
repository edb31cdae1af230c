/**
 * The one pricing module: browser, build and server all price through it.
 * Prices are whole rupees; `discount` is an amount off, not a percentage.
 */
import { formatWhole } from './numbers.ts';

/** `Rs. 1,250` */
export function formatRs(amount: number): string {
  return `Rs. ${formatWhole(amount)}`;
}

export interface Priced {
  price: number;
  discount: number;
}

/** What the shopper pays for one unit. Never below zero. */
export function salePrice(p: Priced): number {
  return Math.max(0, p.price - Math.max(0, p.discount));
}

/** Discount shown as a percentage: discount divided by price, rounded. 0 when there is none. */
export function discountPercent(p: Priced): number {
  if (p.price <= 0 || p.discount <= 0) return 0;
  return Math.round((Math.min(p.discount, p.price) / p.price) * 100);
}
