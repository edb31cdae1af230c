/**
 * The orders' pure rules: reading an order id from a placement reply, the id or number a page's
 * path or a typed box holds, and the status timeline. The fallback's rules (temporary ids, the
 * recent-order match) are in checkout/fallback-rules.ts.
 */
import type { OrderStatus, StatusEvent } from '#lib/schemas/orders.ts';
import { normalizeOrderNumber } from '#lib/schemas/orders-rules.ts';

/** A temporary order's status page goes home after 3 s. */
export const TEMP_ORDER_REDIRECT_MS = 3000;

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined;

/** A 2xx placement reply's order id, in any shape the browser accepts: order._id, _id, orderId, id. */
export function orderIdOf(reply: unknown): string | undefined {
  if (!reply || typeof reply !== 'object') return undefined;
  const r = reply as Record<string, unknown>;
  const order = r.order && typeof r.order === 'object' ? (r.order as Record<string, unknown>) : undefined;
  return idOf(order?._id) ?? idOf(r._id) ?? idOf(r.orderId) ?? idOf(r.id);
}

/** The reply's order number, when it names one (order.orderNumber or orderNumber). */
export function orderNumberOf(reply: unknown): string | undefined {
  if (!reply || typeof reply !== 'object') return undefined;
  const r = reply as Record<string, unknown>;
  const order = r.order && typeof r.order === 'object' ? (r.order as Record<string, unknown>) : undefined;
  return idOf(order?.orderNumber) ?? idOf(r.orderNumber);
}

/** The last segment of `/order/success/{id}` or `/order/order-status/{id}` (decoded), or '' when the path has none. */
export function orderIdFromPath(pathname: string, page: 'success' | 'order-status'): string {
  const match = new RegExp(`^/order/${page}/([^/]+)/?$`).exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]).trim();
  } catch {
    return '';
  }
}

export const TRACK_BLANK = 'Please enter your order ID or order number.';

/**
 * What the tracking form leads to: an order number typed any way (`kr 7f3k 9q2m`) in its written
 * form, anything else as typed (an order id); a blank box is an error and goes nowhere.
 */
export function trackTarget(typed: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = typed.trim();
  if (!value) return { ok: false, message: TRACK_BLANK };
  return { ok: true, value: normalizeOrderNumber(value) ?? value };
}

/** The statuses a timeline shows: the road to Delivered, or the steps taken and Cancelled. */
export const ORDER_ROAD: OrderStatus[] = ['Pending', 'Processing', 'Shipped', 'Delivered'];

export interface TimelineStep {
  status: OrderStatus;
  /** When the order reached it (ISO), if it did. */
  at?: string;
  state: 'done' | 'current' | 'upcoming' | 'cancelled';
}

/**
 * The timeline of an order: every status of the road, each with the time it was reached; the
 * current one marked. A cancelled order shows the steps it took, then Cancelled (no road ahead).
 */
export function timeline(status: OrderStatus, history: readonly StatusEvent[], createdAt?: string): TimelineStep[] {
  const reached = new Map<OrderStatus, string>();
  for (const event of history) if (!reached.has(event.status)) reached.set(event.status, event.at);
  if (!reached.has('Pending') && createdAt) reached.set('Pending', createdAt);
  if (status === 'Cancelled') {
    const taken: TimelineStep[] = ORDER_ROAD.filter((s) => reached.has(s)).map((s) => ({ status: s, at: reached.get(s), state: 'done' }));
    return [...taken, { status: 'Cancelled', at: reached.get('Cancelled'), state: 'cancelled' }];
  }
  const current = ORDER_ROAD.indexOf(status);
  return ORDER_ROAD.map((s, i) => ({ status: s, at: i <= current ? reached.get(s) : undefined, state: i < current ? 'done' : i === current ? 'current' : 'upcoming' }));
}
