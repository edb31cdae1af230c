/** The guest cart's rules, pure: every function returns a new list. */
import type { CartLine, WishlistItem } from '#lib/schemas/cart.ts';
import { linePrice } from '#lib/money.ts';
import { capMessage, lineQuantityCap } from '#lib/line-cap.ts';

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

/** How many of a product the cart holds. */
export function heldOf(lines: readonly CartLine[], productId: string): number {
  return lines.find((l) => l.productId === productId)?.quantity ?? 0;
}

/** How many more of a product the cart may take: what is left (and the line cap) less what it holds. */
export function roomFor(lines: readonly CartLine[], productId: string, stock: number): number {
  return Math.max(0, Math.min(stock, lineQuantityCap()) - heldOf(lines, productId));
}

/** What a shopper reads when an add would take more than is left (roomFor), instead of "Added". */
export function noRoomMessage(stock: number, held: number): string {
  if (stock > lineQuantityCap() && held >= lineQuantityCap()) return capMessage();
  if (held >= stock) return stock === 1 ? 'Only 1 left, and it is in your cart.' : `Only ${stock} left, and all ${stock} are in your cart.`;
  return `Only ${stock} left, and ${held} ${held === 1 ? 'is' : 'are'} in your cart: you can add ${Math.min(stock, lineQuantityCap()) - held} more.`;
}

/** The line holds exactly `quantity` (within 1 and the line cap), appended when it was missing. */
export function setLine(lines: readonly CartLine[], item: Omit<CartLine, 'quantity'>, quantity: number): CartLine[] {
  const at = lines.findIndex((l) => l.productId === item.productId);
  if (at === -1) return addLine(lines, item, quantity);
  return lines.map((l, i) => (i === at ? { ...l, ...item, quantity: lineQuantity(quantity) } : l));
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
