/**
 * /api/order: place an order, list the shopper's orders, track one. Thin: each route parses its
 * request (zod, strict) and replies; the rules live in src/server/orders/. Nothing here may be
 * cached (`Cache-Control: no-store` on every reply).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { PlaceOrderSchema } from '#lib/schemas/orders.ts';
import type { Accounts } from '#server/auth/accounts.ts';
import { idempotencyKeyOf } from '#server/http/idempotency-key.ts';
import { parseBody } from '#server/http/body.ts';
import { parseQuery, pathParam } from '#server/http/params.ts';
import { jsonReply, uncachedRoutes } from '#server/http/replies.ts';
import { ORDER_MESSAGES as M } from '#server/orders/messages.ts';
import type { Orders } from '#server/orders/service.ts';

/** GET /api/order: pages of at most 100 orders, newest first. */
const ListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  timestamp: z.string().max(50).optional(),
});

export function orderRoutes(orders: Orders, accounts: Pick<Accounts, 'authenticate'>) {
  const app = uncachedRoutes();
  /** The session a Bearer token opens; no header is a guest, a bad token a 401. */
  const optionalBearer = (c: Context) => {
    const header = c.req.header('authorization');
    return header ? accounts.authenticate(header) : Promise.resolve(undefined);
  };

  app.post('/place', async (c) => {
    const keyHeader = idempotencyKeyOf(c, M.badKey);
    const session = await optionalBearer(c);
    const body = await parseBody(c, PlaceOrderSchema);
    const { order, replayed } = await orders.place(body, session, keyHeader, c.get('client'));
    const reply = { success: true, message: replayed ? M.replayed : M.placed, order, orderId: order._id, orderNumber: order.orderNumber };
    // Made in one go (its bytes, length and headers before it exists): no middleware copies it after.
    return replayed ? jsonReply(c, { ...reply, replayed: true }, 200, 'no-store') : jsonReply(c, reply, 201, 'no-store');
  });

  app.get('/', async (c) => {
    const session = await accounts.authenticate(c.req.header('authorization'));
    const { page, limit } = parseQuery(c, ListQuerySchema);
    return c.json({ success: true, orders: await orders.listMine(session, page, limit) });
  });

  app.get('/order-status/:idOrNumber', async (c) => {
    const idOrNumber = pathParam(c, 'idOrNumber');
    // Tracking never fails for a stale session: a token that opens nothing counts as none.
    const session = await accounts.authenticate(c.req.header('authorization')).catch(() => undefined);
    return c.json({ success: true, order: await orders.track(idOrNumber, session, c.get('client')) });
  });

  return app;
}
