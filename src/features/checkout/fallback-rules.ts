/**
 * The fallback's pure rules: the temporary id that stands for a guest order the store did not
 * confirm, and the recent-order match of a signed-in shopper's check.
 */
import { TEMP_ORDER_PREFIX } from '#lib/schemas/orders-rules.ts';

/** The recent-order match window and the waits of the fallback. */
export const RECENT_ORDER_WINDOW_MS = 60_000;
export const CONFIRM_WAIT_MS = 3000;
export const GUEST_FALLBACK_REDIRECT_MS = 2000;

/** A temporary id for an order the server may have taken but did not confirm: `temp_` + time + random. */
export function temporaryOrderId(now = Date.now(), random = Math.random()): string {
  return `${TEMP_ORDER_PREFIX}${now}_${Math.floor(random * 36 ** 6).toString(36).padStart(6, '0')}`;
}

/** The least an order in a list must say for the fallback's match. */
export interface Placed {
  _id: string;
  orderNumber: string;
  totalAmount: number;
  createdAt: string;
}

/**
 * After a server error: the newest order with the same total created within the last 60 s (a clock
 * a little ahead of the server's is allowed for), or undefined.
 */
export function findRecentOrder<T extends Placed>(orders: readonly T[], total: number, now: number, windowMs = RECENT_ORDER_WINDOW_MS): T | undefined {
  const recent = orders.filter((o) => {
    const at = Date.parse(o.createdAt);
    return Math.abs(o.totalAmount - total) <= 0.01 && Number.isFinite(at) && now - at <= windowMs && at - now <= windowMs;
  });
  return recent.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
}
