/**
 * What a shopper does to the cart: each action applies a rule (rules.ts) to the store (store.ts)
 * and, for a signed-in shopper, records the change for the server (features/sync/outbox.ts).
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import { showToast, TOASTS } from '#features/toasts/actions.ts';
import { record } from '#features/sync/outbox.ts';
import { capMessage } from '#lib/line-cap.ts';
import { addLine, removeLine, updateQuantity, wouldPassCap } from './rules.ts';
import { $cart } from './store.ts';

/** Adds to the cart; at the line cap the line is held there and the shopper is told why. */
export function addToCart(item: Omit<CartLine, 'quantity'>, quantity = 1, { notify = true } = {}): void {
  const capped = wouldPassCap($cart.get(), item.productId, quantity);
  $cart.set(addLine($cart.get(), item, quantity));
  record({ kind: 'cart-add', lines: addLine([], item, quantity) });
  if (capped) showToast(capMessage(), 'error');
  else if (notify) showToast(TOASTS.addedToCart, 'cart');
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
