/**
 * The cart (`guestCart` in localStorage) and its actions; the rules are in rules.ts. For a guest it
 * is the whole cart (SPEC.md); for a signed-in shopper it is the account's cart as last pulled with
 * their changes on top, each change also recorded for the server (features/sync/outbox.ts).
 */
import { computed } from 'nanostores';
import { storedAtom } from '#lib/stored.ts';
import { StoredCartSchema, withProductIds, type CartLine } from '#lib/schemas/cart.ts';
import { basketTotals } from '#lib/money.ts';
import { showToast, TOASTS } from '#features/toasts/store.ts';
import { record } from '#features/sync/outbox.ts';
import { addLine, countLines, removeLine, updateQuantity } from './rules.ts';

export const CART_KEY = 'guestCart';
export const $cart = storedAtom<CartLine[]>(CART_KEY, StoredCartSchema, [], withProductIds);
export const $cartCount = computed($cart, countLines);
export const $cartTotals = computed($cart, basketTotals);

export function addToCart(item: Omit<CartLine, 'quantity'>, quantity = 1, { notify = true } = {}): void {
  $cart.set(addLine($cart.get(), item, quantity));
  record({ kind: 'cart-add', lines: addLine([], item, quantity) });
  if (notify) showToast(TOASTS.addedToCart, 'cart');
}

export function removeFromCart(productId: string): void {
  $cart.set(removeLine($cart.get(), productId));
  record({ kind: 'cart-remove', productId });
  showToast(TOASTS.removedFromCart, 'cart');
}

export function setQuantity(productId: string, quantity: number): void {
  const lines = updateQuantity($cart.get(), productId, quantity);
  $cart.set(lines);
  const line = lines.find((l) => l.productId === productId);
  if (line) record({ kind: 'cart-set', productId, quantity: line.quantity });
}

export function clearCart(): void {
  $cart.set([]);
  record({ kind: 'cart-clear' });
}
