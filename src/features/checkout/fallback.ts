/**
 * The fallback, once a server error has outlived the retries (sent with the same Idempotency-Key,
 * so the server made at most one order):
 *   - a guest: the order is taken as made. A temporary id (temp_…) stands for it, the cart is
 *     emptied (a copy stays with the temporary order, with the body and key, so its page can check
 *     again or give the cart back) and the shopper goes to its page after 2 s;
 *   - signed in: after 3 s the shopper's orders are read, looking for one with the same total
 *     made in the last 60 s.
 */
import { paths } from '#lib/paths.ts';
import type { CartLine } from '#lib/schemas/cart.ts';
import { clearCart } from '#features/cart/actions.ts';
import { showToast } from '#features/toasts/actions.ts';
import { listOrders } from '#features/orders/history.ts';
import { CONFIRM_WAIT_MS, findRecentOrder, GUEST_FALLBACK_REDIRECT_MS, temporaryOrderId } from './fallback-rules.ts';
import { saveGuestOrder } from '#features/orders/visits.ts';
import { forgetAttempt, type Attempt } from './attempt.ts';

export const FALLBACK_MESSAGES = {
  guestPlaced: 'Order placed successfully! You will receive an email confirmation...',
  processing: 'Order processing... Please wait while we confirm.',
  confirmed: (number: string) => `Order confirmed! Order Number/ID ${number}`,
  notFound: 'Order may not have been processed correctly. Please check your order history or contact support.',
  checkFailed: 'Unable to confirm order status. Please check your order history or contact support.',
} as const;

/** The guest's way: says the order is placed and leaves for its temporary page after 2 s. Returns the message shown. */
export function guestFallback(attempt: Attempt, lines: CartLine[], go: (url: string) => void = (url) => location.assign(url)): string {
  const orderId = temporaryOrderId();
  saveGuestOrder({
    orderId,
    orderNumber: '',
    timestamp: Date.now(),
    guestEmail: attempt.body.guestInfo?.email ?? '',
    isTemporary: true,
    placement: { key: attempt.key, body: attempt.body, lines },
  });
  clearCart();
  forgetAttempt();
  showToast(FALLBACK_MESSAGES.guestPlaced, 'success', GUEST_FALLBACK_REDIRECT_MS);
  setTimeout(() => go(paths.orderSuccess(orderId)), GUEST_FALLBACK_REDIRECT_MS);
  return FALLBACK_MESSAGES.guestPlaced;
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** The signed-in way: 3 s, then the recent orders. Toasts what it finds and returns it; the cart is kept unless found. */
export async function confirmSignedIn(attempt: Attempt, sleep = wait, now = () => Date.now()): Promise<{ ok: true; orderId: string; message: string } | { ok: false; message: string }> {
  showToast(FALLBACK_MESSAGES.processing, 'success', CONFIRM_WAIT_MS);
  await sleep(CONFIRM_WAIT_MS);
  const result = await listOrders();
  if (!result.ok) {
    showToast(FALLBACK_MESSAGES.checkFailed, 'error');
    return { ok: false, message: FALLBACK_MESSAGES.checkFailed };
  }
  const found = findRecentOrder(result.orders, attempt.body.totalAmount, now());
  if (!found) {
    showToast(FALLBACK_MESSAGES.notFound, 'error');
    return { ok: false, message: FALLBACK_MESSAGES.notFound };
  }
  const message = FALLBACK_MESSAGES.confirmed(found.orderNumber || found._id);
  showToast(message, 'success');
  return { ok: true, orderId: found._id, message };
}
