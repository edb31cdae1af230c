/** The guest cart's rules (SPEC.md section 4), pure: every function returns a new list. */
import type { CartLine, WishlistItem } from '#lib/schemas/cart.ts';
import { linePrice } from '#lib/money.ts';

/** Adding a product already in the cart raises its quantity; otherwise the line is appended. */
export function addLine(lines: readonly CartLine[], item: Omit<CartLine, 'quantity'>, quantity = 1): CartLine[] {
  const qty = Math.max(1, Math.floor(quantity));
  const at = lines.findIndex((l) => l.productId === item.productId);
  if (at === -1) return [...lines, { ...item, quantity: qty }];
  return lines.map((l, i) => (i === at ? { ...l, ...item, quantity: l.quantity + qty } : l));
}

export function removeLine(lines: readonly CartLine[], productId: string): CartLine[] {
  return lines.filter((l) => l.productId !== productId);
}

/** Sets one line's quantity; never below 1 (removing is its own action). */
export function updateQuantity(lines: readonly CartLine[], productId: string, quantity: number): CartLine[] {
  const qty = Math.max(1, Math.floor(Number.isFinite(quantity) ? quantity : 1));
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
