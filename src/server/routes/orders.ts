/**
 * /api/order: place an order, list the shopper's orders, track one. Thin: each route parses its
 * request (zod, strict) and replies; the rules live in src/server/orders/. Nothing here may be
 * cached (`Cache-Control: no-store` on every reply).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { CancelOrderSchema, PlaceOrderSchema } from '#lib/schemas/orders.ts';
import type { Accounts } from '#server/auth/accounts.ts';
import { idempotencyKeyOf } from '#server/http/idempotency-key.ts';
import { parseBody } from '#server/http/body.ts';
import { requestClient } from '#server/limits/client-address.ts';
import { parseQuery, pathParam } from '#server/http/params.ts';
import { refusal, route } from '#server/http/openapi.ts';
import { jsonReply, uncachedRoutes } from '#server/http/replies.ts';
import { LIMITED } from './users.ts';
import { OrderConflictSchema, OrderSchema, OrderSummarySchema } from '#lib/schemas/order-replies.ts';
import { refusalWith } from './reply-shapes.ts';
import { ORDER_MESSAGES as M } from '#server/orders/messages.ts';
import type { Orders } from '#server/orders/service.ts';
import { HttpError } from '#server/http/errors.ts';
import { ORDER_CONFLICT_REASONS } from '#lib/schemas/orders-rules.ts';
import { countOrderPlaced, countOrderRefused } from '#server/monitoring/metrics.ts';

/** Why a placement was refused, as the metrics count it (one reason an order: its first line's, for conflicts). */
function refusalReason(err: unknown): string {
  if (!(err instanceof HttpError)) return 'error';
  const conflicts = err.extras?.fields?.conflicts as { reason?: string }[] | undefined;
  const reason = conflicts?.[0]?.reason;
  if (err.status === 409 && reason && (ORDER_CONFLICT_REASONS as readonly string[]).includes(reason)) return reason;
  return { 400: 'invalid', 401: 'signed_out', 413: 'invalid', 415: 'invalid', 422: 'key_reused', 429: 'limit' }[err.status as number] ?? 'other';
}

/** GET /api/order: pages of at most 100 orders, newest first. */
const ListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  timestamp: z.string().max(50).optional(),
});

const TAG = 'Orders';
const IDEMPOTENCY_HEADER = {
  'Idempotency-Key': 'Optional, 1 to 200 visible ASCII characters: the same key and body again replay the order instead of placing another.',
};
const placed = (replayed: boolean) =>
  z.strictObject({
    success: z.literal(true),
    message: z.string(),
    order: OrderSchema,
    orderId: z.string(),
    orderNumber: z.string(),
    ...(replayed ? { replayed: z.literal(true) } : {}),
  });
const NOT_FOUND = refusal(`'${M.notFound}', or for a temporary guest id, words saying such orders are confirmed by e-mail.`);

/** The tracking route reads no query: a cache-busting `timestamp` (or anything else) is ignored. */
const TrackQuerySchema = z.object({ timestamp: z.string().optional().meta({ description: 'Cache-busting; ignored, as is any other parameter.' }) });

export function orderRoutes(orders: Orders, accounts: Pick<Accounts, 'authenticate'>) {
  const app = uncachedRoutes();
  /** The session a Bearer token opens; no header is a guest, a bad token a 401. */
  const optionalBearer = (c: Context) => {
    const header = c.req.header('authorization');
    return header ? accounts.authenticate(header) : Promise.resolve(undefined);
  };

  route(app, {
    method: 'post',
    path: '/place',
    tag: TAG,
    summary: 'Place an order (cash on delivery), as a guest or signed in',
    description: 'The server prices every line; a price below the current one is a 409 `price_changed`.',
    access: 'optional bearer',
    headers: IDEMPOTENCY_HEADER,
    body: PlaceOrderSchema,
    replies: {
      201: { description: 'Placed.', schema: placed(false) },
      200: { description: 'A repeated Idempotency-Key with the same body: the first order, `replayed: true`.', schema: placed(true) },
      409: { description: 'Lines that cannot be ordered as asked, every one named; nothing is written.', schema: refusalWith({ conflicts: z.array(OrderConflictSchema) }) },
      422: refusal(`'${M.keyReused}'`),
      429: LIMITED,
    },
  }, async (c) => {
    let placement: Awaited<ReturnType<Orders['place']>>;
    try {
      const keyHeader = idempotencyKeyOf(c, M.badKey);
      const session = await optionalBearer(c);
      const body = await parseBody(c, PlaceOrderSchema);
      placement = await orders.place(body, session, keyHeader, requestClient(c));
    } catch (err) {
      countOrderRefused(refusalReason(err));
      throw err;
    }
    const { order, replayed } = placement;
    if (!replayed) countOrderPlaced();
    const reply = { success: true, message: replayed ? M.replayed : M.placed, order, orderId: order._id, orderNumber: order.orderNumber };
    // Made in one go (its bytes, length and headers before it exists): no middleware copies it after.
    return replayed ? jsonReply(c, { ...reply, replayed: true }, 200, 'no-store') : jsonReply(c, reply, 201, 'no-store');
  });

  route(app, {
    method: 'get',
    path: '/',
    tag: TAG,
    summary: "The signed-in shopper's orders, newest first",
    access: 'bearer',
    query: ListQuerySchema,
    replies: { 200: { description: 'A page of orders.', schema: z.strictObject({ success: z.literal(true), orders: z.array(OrderSchema) }) }, 400: refusal('A bad query parameter, named.') },
  }, async (c) => {
    const session = await accounts.authenticate(c.req.header('authorization'));
    const { page, limit } = parseQuery(c, ListQuerySchema);
    return c.json({ success: true, orders: await orders.listMine(session, page, limit) });
  });

  route(app, {
    method: 'get',
    path: '/order-status/{idOrNumber}',
    tag: TAG,
    summary: 'Track an order by its id (the whole order) or its number (a summary, or the whole order to its owner)',
    description: 'A token that opens nothing counts as none here: tracking never fails for a stale session.',
    access: 'optional bearer',
    query: TrackQuerySchema,
    replies: {
      200: { description: 'The order.', schema: z.strictObject({ success: z.literal(true), order: z.union([OrderSchema, OrderSummarySchema]) }) },
      400: refusal('A path parameter over 200 characters or holding a control character.'),
      404: NOT_FOUND,
      429: LIMITED,
    },
  }, async (c) => {
    const idOrNumber = pathParam(c, 'idOrNumber');
    // Tracking never fails for a stale session: a token that opens nothing counts as none.
    const session = await accounts.authenticate(c.req.header('authorization')).catch(() => undefined);
    return c.json({ success: true, order: await orders.track(idOrNumber, session, requestClient(c)) });
  });

  route(app, {
    method: 'post',
    path: '/{idOrNumber}/cancel',
    tag: TAG,
    summary: 'Cancel a Pending order: its owner signed in, or anyone with the phone it was placed with',
    description:
      'The units go back in stock and the shopper is mailed. Counted per client with tracking; a wrong phone or an unknown order costs ten times more.',
    access: 'optional bearer',
    body: CancelOrderSchema,
    replies: {
      200: { description: 'Cancelled: the order as it now stands.', schema: z.strictObject({ success: z.literal(true), message: z.string(), order: OrderSchema }) },
      400: refusal('A bad body or path parameter, named.'),
      403: refusal(`'${M.cancelNeedsPhone}' or '${M.cancelWrongPhone}', with \`errors.phone\`.`),
      404: NOT_FOUND,
      409: refusal(`'${M.cancelRefused('Processing')}', or words saying it was already shipped, delivered or cancelled.`),
      429: LIMITED,
    },
  }, async (c) => {
    const idOrNumber = pathParam(c, 'idOrNumber');
    // A stale session counts as none: the phone still opens the order.
    const session = await accounts.authenticate(c.req.header('authorization')).catch(() => undefined);
    const body = await parseBody(c, CancelOrderSchema);
    const order = await orders.cancel(idOrNumber, body, session, requestClient(c));
    return c.json({ success: true, message: M.cancelled(order.orderNumber), order });
  });

  return app;
}
