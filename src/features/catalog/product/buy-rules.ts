/**
 * The buy box's pure rules: the quantity a shopper may pick, and what changed between the figures a
 * product page was built with and the ones the API gives now (static stock and price are
 * as of the build; the page where a shopper decides refreshes them).
 */
import type { LiveFigures } from '#lib/live-figures.ts';
import { lineQuantityCap } from '#lib/line-cap.ts';

/** The details page lets a shopper pick 1 to the smaller of 10 and the stock. */
export function maxOrderQuantity(stock: number): number {
  return Math.max(0, Math.min(10, stock));
}

/** The most one cart line may hold of a product: its stock, within the line cap. */
const lineMost = (stock: number) => Math.max(0, Math.min(stock, lineQuantityCap()));

/**
 * The top of the buy box's picker when the cart holds `held` of the product: the smaller of 10 and
 * what the cart may still take, but never below what it holds (the picker starts there), and never
 * above the stock or the line cap.
 */
export function pickerMax(stock: number, held: number): number {
  const most = lineMost(stock);
  return Math.min(most, Math.max(held, maxOrderQuantity(most - held)));
}

/** Where the picker starts: at what the cart holds (within the picker), else at 1. */
export function pickerStart(stock: number, held: number): number {
  return clampQuantity(held || 1, pickerMax(stock, held));
}

/**
 * The words beside the picker: its top while the cart holds none; else what the cart holds (where
 * the picker starts), and whether that is all there is or the most one order takes.
 */
export function quantityNote(stock: number, held: number): string {
  const cap = lineQuantityCap();
  if (held >= cap) return `You have the most we sell in one order: ${cap}`;
  if (held > 0 && held >= stock) return `${held} in your cart, all that is left`;
  return held > 0 ? `${held} in your cart` : `Max ${pickerMax(stock, 0)}`;
}

/**
 * What Buy Now leaves in the cart's line: at least the chosen quantity, never fewer than it holds
 * (it never lowers a line, nor adds again on a second visit), never past the stock or the line cap.
 */
export function buyNowQuantity(stock: number, held: number, chosen: number): number {
  return Math.max(held, Math.min(chosen, lineMost(stock)));
}

/** A typed or stepped quantity, clamped to 1..max (max = min(10, stock)); rubbish reads as 1. */
export function clampQuantity(value: number | string, max: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(n) || max < 1) return 1;
  return Math.min(Math.max(1, Math.trunc(n)), max);
}

export interface FiguresChange {
  priceChanged: boolean;
  stockChanged: boolean;
  /** The most a shopper may now pick (0 when out of stock). */
  maxQuantity: number;
  /** Plain sentences for the shopper, empty when nothing they would notice changed. */
  notices: string[];
}

export const NOTICES = {
  price: 'Price updated since this page was built.',
  soldOut: 'This product has sold out since this page was built.',
  backInStock: 'Back in stock since this page was built.',
  stock: 'Stock updated since this page was built.',
  offlineCopy: 'You are offline: this price and stock are from your last visit and may be out of date.',
} as const;

/** `offlineCopy`: the live figures are the service worker's copy from the last visit (src/lib/live-products.ts), said first whatever changed. */
export function figuresChange(built: LiveFigures, live: LiveFigures, { offlineCopy = false } = {}): FiguresChange {
  const priceChanged = built.price !== live.price || built.discount !== live.discount;
  const stockChanged = built.stock !== live.stock;
  const notices: string[] = offlineCopy ? [NOTICES.offlineCopy] : [];
  if (priceChanged) notices.push(NOTICES.price);
  if (stockChanged) {
    if (live.stock <= 0 && built.stock > 0) notices.push(NOTICES.soldOut);
    else if (live.stock > 0 && built.stock <= 0) notices.push(NOTICES.backInStock);
    // Only a change the shopper can see: the badge or the most they may pick.
    else if (live.stock > 0 && (Math.min(built.stock, 11) !== Math.min(live.stock, 11) || live.stock <= 5 || built.stock <= 5)) notices.push(NOTICES.stock);
  }
  return { priceChanged, stockChanged, maxQuantity: maxOrderQuantity(live.stock), notices };
}
