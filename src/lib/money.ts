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

/** A line's unit price as cart, wishlist and order keep it: the sale price, and the struck price only when discounted. */
export function linePrice(p: Priced): { price: number; originalPrice?: number } {
  const price = salePrice(p);
  return p.price > price ? { price, originalPrice: p.price } : { price };
}

/** Discount shown as a percentage: discount divided by price, rounded. 0 when there is none. */
export function discountPercent(p: Priced): number {
  if (p.price <= 0 || p.discount <= 0) return 0;
  return Math.round((Math.min(p.discount, p.price) / p.price) * 100);
}

/** The cart's store-wide basket promotion: 'You Save' is 10% of the subtotal, rounded down. */
export const BASKET_SAVING_RATE = 0.1;

export interface BasketTotals {
  subtotal: number;
  shipping: number;
  youSave: number;
  total: number;
}

/** Subtotal, shipping (always free), You Save and Total of a basket: cart, checkout, order and server alike. */
export function basketTotals(lines: readonly { price: number; quantity: number }[]): BasketTotals {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const youSave = Math.floor(subtotal * BASKET_SAVING_RATE);
  return { subtotal, shipping: 0, youSave, total: subtotal - youSave };
}
