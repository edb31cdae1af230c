/**
 * The orders' API module for tracking: GET /api/order/order-status/{idOrNumber}. By id the reply
 * holds the whole order; by number only its summary, unless the Bearer is the owner's. Parsed with
 * the orders' reply contract (src/lib/schemas/order-replies.ts); must not throw. The token is
 * optional and a 401 never signs the shopper out here: a stale token is simply left out and the
 * order asked again without it.
 */
import { ApiClient, type ApiError } from '#lib/api.ts';
import { OrderSchema, OrderSummarySchema, type Order, type OrderSummary } from '#lib/schemas/order-replies.ts';

export type Tracked = { kind: 'order'; order: Order } | { kind: 'summary'; summary: OrderSummary };
export type TrackOutcome = { ok: true; tracked: Tracked } | { ok: false; notFound: boolean; message: string };

/**
 * A reply's order, as the pages use it: the whole order when the reply holds it (by id, or the
 * owner's), else the summary (by number); undefined when it is neither.
 */
export function readOrder(raw: unknown): Tracked | undefined {
  const order = OrderSchema.safeParse(raw);
  if (order.success) return { kind: 'order', order: order.data };
  const summary = OrderSummarySchema.safeParse(raw);
  return summary.success ? { kind: 'summary', summary: summary.data } : undefined;
}

export const TRACK_FAILED = 'We could not load this order just now. Please check your connection and try again.';
export const NOT_FOUND = 'Order not found. Please check the order ID or order number and try again.';

function failure(error: ApiError): TrackOutcome {
  const notFound = error.status === 404;
  return { ok: false, notFound, message: notFound ? NOT_FOUND : TRACK_FAILED };
}

/** GET /api/order/order-status/{idOrNumber}, with the token when one is given (a 401 asks again without it). */
export async function trackOrder(idOrNumber: string, token?: string, client = new ApiClient()): Promise<TrackOutcome> {
  const path = `/api/order/order-status/${encodeURIComponent(idOrNumber)}`;
  let result = await client.request(path, { token: token || undefined });
  if (!result.ok && result.error.status === 401 && token) result = await client.request(path);
  if (!result.ok) return failure(result.error);
  const reply = result.data as { order?: unknown } | null;
  const tracked = readOrder(reply?.order);
  return tracked ? { ok: true, tracked } : { ok: false, notFound: false, message: TRACK_FAILED };
}

export type CancelOutcome = { ok: true; order: Order; message: string } | { ok: false; message: string; needsPhone: boolean };

export const CANCEL_FAILED = 'We could not cancel this order just now. Please check your connection and try again.';

/**
 * POST /api/order/{idOrNumber}/cancel: the owner's token, or the phone the order was placed with.
 * The refusal's words are the store's (no longer Pending, a wrong phone); must not throw.
 */
export async function cancelOrder(idOrNumber: string, phone: string | undefined, token?: string, client = new ApiClient()): Promise<CancelOutcome> {
  const path = `/api/order/${encodeURIComponent(idOrNumber)}/cancel`;
  const result = await client.request(path, { method: 'POST', body: phone ? { phone } : {}, token: token || undefined });
  if (!result.ok) {
    const known = result.error.kind === 'http' && result.error.status !== undefined && result.error.status < 500;
    return { ok: false, message: known ? result.error.message : CANCEL_FAILED, needsPhone: result.error.status === 403 };
  }
  const order = OrderSchema.safeParse((result.data as { order?: unknown } | null)?.order);
  return order.success ? { ok: true, order: order.data, message: result.message ?? 'Your order has been cancelled.' } : { ok: false, message: CANCEL_FAILED, needsPhone: false };
}
