/**
 * /api/operator: the store operator's commands, for `npm run orders` and `npm run catalog` while
 * this store holds the embedded database (src/server/operator-channel.ts). Mounted only when
 * the store publishes a channel. A request must come from loopback and carry the channel's key;
 * anything else is a 403 that says nothing more.
 *
 *   GET  /orders?status&limit        {success, orders}
 *   GET  /orders/find?q&limit        {success, orders}: by phone, or by a part of the name; 400 too short
 *   GET  /orders/{number}            {success, order}
 *   POST /orders/{number}/advance    {status} → {success, order}; 404 unknown, 409 refused move
 *   POST /orders/{number}/cancel     {success, order}: the shop's cancellation; 404, 409 as advance
 *   GET  /staff                      {success, members, invites}: for `npm run staff -- list`
 *   POST /staff/invites              {email, role} → {success, expiresAt}: `npm run staff -- add` (a mailed link)
 *   POST /backup                     {success, file, bytes, seconds}: `npm run backup` (src/server/backup/)
 *   /catalog/…                       the catalogue files of `npm run catalog` (operator-catalog.ts)
 *
 * The key is checked before anything else, the request's body above all: a refused request's
 * connection is closed rather than its body read.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { ORDER_STATUSES } from '#lib/schemas/orders.ts';
import { parseBody } from '#server/http/body.ts';
import { HttpError } from '#server/http/errors.ts';
import { documentedRoutes, refusal, route, type Operation } from '#server/http/openapi.ts';
import { OrderSchema } from '#lib/schemas/order-replies.ts';
import { parseQuery, pathParam } from '#server/http/params.ts';
import { OPERATOR_KEY_HEADER } from '#server/operator-channel.ts';
import type { OrderOperations } from '#server/orders/operations.ts';
import { StaffInviteSchema, StaffMemberSchema } from '#lib/schemas/staff.ts';
import type { StaffOperations } from '#server/staff/operations.ts';
import type { Backup } from '#server/backup/backup.ts';
import { part } from '#server/http/openapi.ts';
import { fromLoopback } from '#server/limits/client-address.ts';

const ListQuery = z.strictObject({
  status: z.enum(ORDER_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});
const FindQuery = z.strictObject({
  q: z.string().min(1).max(200),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});
const AdvanceBody = z.strictObject({ status: z.enum(ORDER_STATUSES) });

const digest = (value: string) => createHash('sha256').update(value).digest();


const order = z.strictObject({ success: z.literal(true), order: OrderSchema });
const op = (o: Omit<Operation, 'tag' | 'access'>): Operation => ({
  ...o,
  tag: 'Operator',
  access: 'operator',
  replies: { ...o.replies, 403: refusal("'Forbidden.': not from loopback, or without the channel's key; the connection is closed.") },
});
const UNKNOWN = refusal('No order with that number.');

export function operatorRoutes(operations: OrderOperations, key: string, catalog: OpenAPIHono, staff: StaffOperations, backup?: () => Promise<Backup>) {
  const app = documentedRoutes();
  const expected = digest(key);
  app.use('*', async (c, next) => {
    const given = digest(c.req.header(OPERATOR_KEY_HEADER) ?? '');
    if (!fromLoopback(c) || !timingSafeEqual(given, expected)) throw new HttpError(403, 'Forbidden.', undefined, { headers: { Connection: 'close' } });
    // Set before the reply is made (an export is megabytes: a header added after would copy it).
    c.header('Cache-Control', 'no-store');
    await next();
  });

  route(app, op({
    method: 'get',
    path: '/orders',
    summary: 'Orders, newest first',
    query: ListQuery,
    replies: { 200: { description: 'The orders.', schema: z.strictObject({ success: z.literal(true), orders: z.array(OrderSchema) }) }, 400: refusal('A bad query parameter, named.') },
  }), async (c) => c.json({ success: true, orders: await operations.list(parseQuery(c, ListQuery)) }));
  route(app, op({
    method: 'get',
    path: '/orders/find',
    summary: "Orders by the customer's phone or name, newest first",
    query: FindQuery,
    replies: {
      200: { description: 'The orders found (none is an empty list).', schema: z.strictObject({ success: z.literal(true), orders: z.array(OrderSchema) }) },
      400: refusal('A missing or too short `q`, or a bad `limit`.'),
    },
  }), async (c) => {
    const { q, limit } = parseQuery(c, FindQuery);
    return c.json({ success: true, orders: await operations.find(q, limit) });
  });
  route(app, op({
    method: 'get',
    path: '/orders/{number}',
    summary: 'One order by its number',
    replies: { 200: { description: 'The order.', schema: order }, 400: refusal('A bad path parameter.'), 404: UNKNOWN },
  }), async (c) => c.json({ success: true, order: await operations.show(pathParam(c, 'number')) }));
  route(app, op({
    method: 'post',
    path: '/orders/{number}/advance',
    summary: 'Move an order to another status',
    body: AdvanceBody,
    replies: { 200: { description: 'The order after the move.', schema: order }, 404: UNKNOWN, 409: refusal('A move the lifecycle refuses, saying why.') },
  }), async (c) => {
    const number = pathParam(c, 'number');
    const { status } = await parseBody(c, AdvanceBody);
    return c.json({ success: true, order: await operations.advance(number, status) });
  });
  route(app, op({
    method: 'post',
    path: '/orders/{number}/cancel',
    summary: 'Cancel an order: its units go back to stock',
    replies: { 200: { description: 'The cancelled order.', schema: order }, 404: UNKNOWN, 409: refusal('An order that can no longer be cancelled (delivered, or cancelled already), saying so.') },
  }), async (c) => c.json({ success: true, order: await operations.cancel(pathParam(c, 'number')) }));
  route(app, op({
    method: 'get',
    path: '/staff',
    summary: 'Staff members and invitations still open',
    replies: {
      200: {
        description: 'Members oldest first; invitations newest first.',
        schema: z.strictObject({ success: z.literal(true), members: z.array(part(StaffMemberSchema)), invites: z.array(z.strictObject({ email: z.string(), role: z.string(), expiresAt: z.string() })) }),
      },
    },
  }), async (c) => c.json({ success: true, ...(await staff.list()) }));
  route(app, op({
    method: 'post',
    path: '/staff/invites',
    summary: 'Mail a one-time link that makes a staff member (the first owner above all)',
    body: StaffInviteSchema,
    replies: { 201: { description: 'Mailed; the link works for 72 hours.', schema: z.strictObject({ success: z.literal(true), expiresAt: z.string() }) }, 409: refusal('The e-mail belongs to a member already.') },
  }), async (c) => {
    const { email, role } = await parseBody(c, StaffInviteSchema);
    return c.json({ success: true, expiresAt: await staff.add(email, role) }, 201);
  });
  route(app, op({
    method: 'post',
    path: '/backup',
    summary: 'Back the database up now, into BACKUP_DIR',
    replies: {
      200: { description: 'The backup written: its file, size and how long it took.', schema: z.strictObject({ success: z.literal(true), file: z.string(), bytes: z.number(), seconds: z.number() }) },
      409: refusal('This store cannot back its database up (a database in memory).'),
    },
  }), async (c) => {
    if (!backup) throw new HttpError(409, 'This store cannot back its database up (a database in memory).');
    return c.json({ success: true, ...(await backup()) });
  });
  app.route('/catalog', catalog);
  return app;
}
