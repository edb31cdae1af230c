/**
 * What a shopper does to the cart: each action applies a rule (rules.ts) to the store (store.ts)
 * and, for a signed-in shopper, records the change for the server (src/lib/outbox.ts).
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import { showToast, TOASTS } from '#features/toasts/actions.ts';
import { record } from '#lib/outbox.ts';
import { capMessage } from '#lib/line-cap.ts';
import { addLine, heldOf, noRoomMessage, removeLine, roomFor, setLine, updateQuantity, wouldPassCap } from './rules.ts';
import { $cart } from './store.ts';

/** Adds to the cart; at the line cap the line is held there and the shopper is told why. */
export function addToCart(item: Omit<CartLine, 'quantity'>, quantity = 1, { notify = true } = {}): void {
  const capped = wouldPassCap($cart.get(), item.productId, quantity);
  $cart.set(addLine($cart.get(), item, quantity));
  record({ kind: 'cart-add', lines: addLine([], item, quantity) });
  if (capped) showToast(capMessage(), 'error');
  else if (notify) showToast(TOASTS.addedToCart, 'cart');
}

/**
 * Adds `quantity` when that many are left beyond what the cart holds (roomFor); otherwise adds
 * nothing and tells the shopper how many are left. Whether it added.
 */
export function addWithinStock(item: Omit<CartLine, 'quantity'>, stock: number, quantity = 1, { notify = true } = {}): boolean {
  const lines = $cart.get();
  if (quantity > roomFor(lines, item.productId, stock)) {
    showToast(noRoomMessage(stock, heldOf(lines, item.productId)), 'error');
    return false;
  }
  addToCart(item, quantity, { notify });
  return true;
}

/** Buy Now: the product's line holds exactly `quantity`, whatever it held before. */
export function setCartLine(item: Omit<CartLine, 'quantity'>, quantity: number): void {
  const had = $cart.get().some((l) => l.productId === item.productId);
  const lines = setLine($cart.get(), item, quantity);
  $cart.set(lines);
  const line = lines.find((l) => l.productId === item.productId)!;
  record(had ? { kind: 'cart-set', productId: item.productId, quantity: line.quantity } : { kind: 'cart-add', lines: [line] });
}

/** Taking out a line the cart no longer holds (a tap repeated on a line already gone) does nothing. */
export function removeFromCart(productId: string): void {
  if (heldOf($cart.get(), productId) === 0) return;
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

/**
 * One step of a line's stepper, from what the cart holds when the tap lands (not from what the
 * page showed: taps held before the island ran are replayed one after another, before it renders
 * again): down to 1 at least, up to `max` at most.
 */
export function stepQuantity(productId: string, delta: 1 | -1, max = Number.POSITIVE_INFINITY): void {
  const held = heldOf($cart.get(), productId);
  // Down never below 1; up never past `max` (a line above the stock may still come down one by one).
  const quantity = delta < 0 ? Math.max(1, held - 1) : Math.min(held + 1, max);
  if (held > 0 && quantity > 0 && quantity !== held) setQuantity(productId, quantity);
}

export function clearCart(): void {
  $cart.set([]);
  record({ kind: 'cart-clear' });
}
