/**
 * What a browser tab keeps about its orders (under these sessionStorage keys):
 *   - `guest_order_{id}`: a guest's order {orderId, orderNumber, timestamp, guestEmail, isTemporary}.
 *     A temporary one (the fallback after a server error) also keeps the placement it stands for:
 *     the body, its Idempotency-Key and the cart's lines, so its page can check again or restore the cart;
 *   - `order_success_viewed_{id}`: the success page of that order was shown in this session.
 * Storage that refuses (private mode, full) is taken as empty: the pages still work, only not remembered.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';

export interface GuestOrder {
  orderId: string;
  orderNumber: string;
  timestamp: number;
  guestEmail: string;
  isTemporary: boolean;
  /** Temporary orders only: the placement to send again with the same key, and the cart it emptied. */
  placement?: { key: string; body: PlaceOrderBody; lines: CartLine[] };
}

const guestKey = (id: string) => `guest_order_${id}`;
const viewedKey = (id: string) => `order_success_viewed_${id}`;

function session(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string): void {
  try {
    session()?.setItem(key, value);
  } catch {
    // Not remembered: the page works the same without it.
  }
}

export function saveGuestOrder(order: GuestOrder): void {
  write(guestKey(order.orderId), JSON.stringify(order));
}

/** The stored guest order of `id`, or undefined when there is none (or it is not one). */
export function readGuestOrder(id: string): GuestOrder | undefined {
  try {
    const value = JSON.parse(session()?.getItem(guestKey(id)) ?? 'null') as GuestOrder | null;
    return value && typeof value === 'object' && value.orderId === id && typeof value.isTemporary === 'boolean' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function forgetGuestOrder(id: string): void {
  try {
    session()?.removeItem(guestKey(id));
  } catch {
    // Nothing to forget.
  }
}

/** Marks the success page of `id` as seen; says whether it had been seen before in this session. */
export function markSuccessViewed(id: string): boolean {
  const seen = session()?.getItem(viewedKey(id)) != null;
  if (!seen) write(viewedKey(id), String(Date.now()));
  return seen;
}
