/** The guest cart (`guestCart` in localStorage) and its actions; the rules are in rules.ts. */
import { computed } from 'nanostores';
import { storedAtom } from '#lib/stored.ts';
import { StoredCartSchema, withProductIds, type CartLine } from '#lib/schemas/cart.ts';
import { basketTotals } from '#lib/money.ts';
import { showToast, TOASTS } from '#features/toasts/store.ts';
import { addLine, countLines, removeLine, updateQuantity } from './rules.ts';

export const CART_KEY = 'guestCart';
export const $cart = storedAtom<CartLine[]>(CART_KEY, StoredCartSchema, [], withProductIds);
export const $cartCount = computed($cart, countLines);
export const $cartTotals = computed($cart, basketTotals);

export function addToCart(item: Omit<CartLine, 'quantity'>, quantity = 1, { notify = true } = {}): void {
  $cart.set(addLine($cart.get(), item, quantity));
  if (notify) showToast(TOASTS.addedToCart, 'cart');
}

export function removeFromCart(productId: string): void {
  $cart.set(removeLine($cart.get(), productId));
  showToast(TOASTS.removedFromCart, 'cart');
}

export function setQuantity(productId: string, quantity: number): void {
  $cart.set(updateQuantity($cart.get(), productId, quantity));
}

export function clearCart(): void {
  $cart.set([]);
}
