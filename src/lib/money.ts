/**
 * The one pricing module: browser, build and server all price through it.
 * Prices are whole rupees; `discount` is an amount off, not a percentage.
 */
import { formatWhole } from './numbers.ts';

/**
 * The dearest a product may sell for, in whole rupees (Rs. 1,000,000): the catalogue refuses a
 * price above it, and an order line names none above it either. Prices are whole rupees
 * everywhere, and the database keeps them as 32-bit whole numbers: a price in paisa or past that
 * range is refused in words before it reaches a statement.
 */
export const MAX_PRICE = 1_000_000;

/**
 * The largest order total the database can hold (its whole numbers stop at 2,147,483,647): an
 * order adding up to more is refused in words (at most 50 lines of 1,000 units at MAX_PRICE could).
 */
export const MAX_ORDER_TOTAL = 2_147_483_647;

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
