/**
 * How many of a product a signed-in cart line may hold when a change adds to it or sets it, as a
 * pure function.
 *
 * The cap is the product's stock, and never more than the line cap (lineQuantityCap, the same an
 * order allows). A product with no stock (0 or below) is capped at what the line already had, at
 * least 1: the line stays (the cart page shows it sold out, checkout refuses it), it never grows.
 * `capped` says the line holds fewer than was asked for.
 */
import { lineQuantityCap } from '#lib/line-cap.ts';

export interface LineQuantity {
  quantity: number;
  capped: boolean;
}

/** `wanted` is what the change asks for: the line's quantity plus the added one, or the quantity set. */
export function capLine(wanted: number, existing: number | undefined, stock: number): LineQuantity {
  const cap = Math.min(stock > 0 ? stock : Math.max(existing ?? 1, 1), lineQuantityCap());
  const quantity = Math.min(wanted, cap);
  return { quantity, capped: quantity < wanted };
}
