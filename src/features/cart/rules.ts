/** The guest cart's rules (SPEC.md section 4), pure: every function returns a new list. */
import type { CartLine, WishlistItem } from '#lib/schemas/cart.ts';
import { linePrice } from '#lib/money.ts';
import { lineQuantityCap } from '#lib/line-cap.ts';

/** A whole quantity from 1 to the line cap (lineQuantityCap: the most one order takes of a product). */
const lineQuantity = (n: number) => Math.min(lineQuantityCap(), Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)));

/**
 * Adding a product already in the cart raises its quantity; otherwise the line is appended. A line
 * never passes the line cap: what would is held at it.
 */
export function addLine(lines: readonly CartLine[], item: Omit<CartLine, 'quantity'>, quantity = 1): CartLine[] {
  const qty = lineQuantity(quantity);
  const at = lines.findIndex((l) => l.productId === item.productId);
  if (at === -1) return [...lines, { ...item, quantity: qty }];
  return lines.map((l, i) => (i === at ? { ...l, ...item, quantity: lineQuantity(l.quantity + qty) } : l));
}

/** Whether adding `quantity` more of the product would take its line past the line cap. */
export function wouldPassCap(lines: readonly CartLine[], productId: string, quantity = 1): boolean {
  const had = lines.find((l) => l.productId === productId)?.quantity ?? 0;
  return had + quantity > lineQuantityCap();
}

export function removeLine(lines: readonly CartLine[], productId: string): CartLine[] {
  return lines.filter((l) => l.productId !== productId);
}

/** Sets one line's quantity; never below 1 (removing is its own action), never above the line cap. */
export function updateQuantity(lines: readonly CartLine[], productId: string, quantity: number): CartLine[] {
  const qty = lineQuantity(quantity);
  return lines.map((l) => (l.productId === productId ? { ...l, quantity: qty } : l));
}

/** The product fields a card or the product page knows, as the cart and wishlist keep them. */
export function cartItemOf(p: WishlistItem): Omit<CartLine, 'quantity'> {
  return {
    productId: p._id,
    productTitle: p.name,
    ...linePrice(p),
    images: p.image ? [p.image] : [],
  };
}
