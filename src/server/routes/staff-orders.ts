/**
 * /api/staff/orders: the order desk. The list (filters, search, pages, counts, a pulse to poll), one
 * order, and what staff do to orders: advance (several at once), cancel with a reason, mark cash
 * collected, add a note. Thin: the request is read here, the rules are the desk's (desk/service.ts),
 * and every route goes through staffRoute's check (session, origin, permission).
 */
import type { Context } from 'hono';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { DeskQueryError, readDeskListQuery } from '#lib/desk-query.ts';
import {
  DeskAdvanceResultSchema,
  DeskAdvanceSchema,
  DeskCancelSchema,
  DeskCountsSchema,
  DeskNoteSchema,
  DeskOrderDetailSchema,
  DeskOrdersPageSchema,
} from '#lib/schemas/desk.ts';
import { DESK_TEXT, staffWho, type Desk } from '#server/desk/service.ts';
import { parseBody } from '#server/http/body.ts';
import { HttpError } from '#server/http/errors.ts';
import { dataReply, part, refusal } from '#server/http/openapi.ts';
import { parseQuery, pathParam } from '#server/http/params.ts';
import { staffRoute, type StaffCall, type StaffGuard } from '#server/staff/route.ts';

/** Read by the desk's own rules (src/lib/desk-query.ts), which bound each and say what is wrong in the staff's words. */
const text = z.optional(z.string());
const ListQuery = z.strictObject({ status: text, from: text, to: text, find: text, after: text });
const RangeQuery = z.strictObject({ from: text, to: text });

const Detail = part(DeskOrderDetailSchema);
const ChangedReply = z.strictObject({ success: z.literal(true), message: z.string(), data: Detail });
const UNKNOWN = refusal('No order with that number.');

/** The question in DeskQueryError's words: a 400 naming the field at fault. */
function read<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof DeskQueryError) throw new HttpError(400, err.message, { [err.field]: err.message });
    throw err;
  }
}

const who = (c: Context, call: StaffCall) => staffWho(call.session.member, call.actor.clientAddress);

export function staffOrderRoutes(app: OpenAPIHono, guard: StaffGuard, desk: Desk): void {
  staffRoute(app, guard, {
    method: 'get',
    path: '/orders',
    permission: 'orders.read',
    summary: 'The order desk’s list: newest first, 50 a page',
    description:
      '`status` one of the statuses; `from` and `to` Pakistan days (YYYY-MM-DD, both included); `find` an order number, a phone, part of an e-mail or at least 3 letters of a name; `after` the `nextCursor` of the page before. `total` counts up to 1,000 (`capped` past it).',
    query: ListQuery,
    replies: {
      200: { description: 'A page of orders.', schema: dataReply(DeskOrdersPageSchema) },
      400: refusal('A bad question: `errors` names `status`, `from`, `to`, `find` or `after`.'),
    },
  }, async (c) => {
    const query = read(() => readDeskListQuery(parseQuery(c, ListQuery)));
    return c.json({ success: true, data: await desk.list(query) });
  });

  staffRoute(app, guard, {
    method: 'get',
    path: '/orders/counts',
    permission: 'orders.read',
    summary: 'Orders of each status (within the days given)',
    description: 'Each count stops at 10,000 (`capped` past it).',
    query: RangeQuery,
    replies: {
      200: { description: 'A count by status.', schema: dataReply(DeskCountsSchema) },
      400: refusal('A bad day: `errors` names `from` or `to`.'),
    },
  }, async (c) => {
    const { from, to } = read(() => readDeskListQuery(parseQuery(c, RangeQuery)));
    return c.json({ success: true, data: await desk.counts({ from, to }) });
  });

  staffRoute(app, guard, {
    method: 'get',
    path: '/orders/pulse',
    permission: 'orders.read',
    summary: 'A mark that changes whenever any order is placed or changed',
    description: 'Cheap (one index lookup), and the same on every process: the desk polls it and reloads when it changes.',
    replies: { 200: { description: 'The mark.', schema: dataReply(z.strictObject({ mark: z.string() })) } },
  }, async (c) => c.json({ success: true, data: { mark: await desk.pulse() } }));

  const number = (c: Context) => pathParam(c, 'number');

  staffRoute(app, guard, {
    method: 'get',
    path: '/orders/{number}',
    permission: 'orders.read',
    summary: 'One order: lines, totals, customer, address, the moves it allows and its timeline',
    description: 'The number in any case, dashes or spaces optional.',
    replies: { 200: { description: 'The order.', schema: dataReply(Detail) }, 404: UNKNOWN },
  }, async (c) => c.json({ success: true, data: await desk.detail(number(c)) }));

  staffRoute(app, guard, {
    method: 'post',
    path: '/orders/advance',
    permission: 'orders.advance',
    audit: 'order.advance',
    summary: 'Move orders along: Processing, Shipped or Delivered (1 to 50 at once)',
    description: 'Each order is moved in its own transaction with its audit row; one refused (unknown, or a move the lifecycle does not allow) does not stop the others. Shipped and Delivered mail the shopper.',
    body: DeskAdvanceSchema,
    replies: { 200: { description: 'What moved, and what was refused and why.', schema: dataReply(DeskAdvanceResultSchema) } },
  }, async (c, call) => {
    const { numbers, to } = await parseBody(c, DeskAdvanceSchema);
    return c.json({ success: true, data: await desk.advance(numbers, to, who(c, call)) });
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/orders/{number}/cancel',
    permission: 'orders.cancel',
    audit: 'order.cancel',
    summary: 'Cancel an order, with its reason',
    description: 'The units go back to stock; the reason is kept on the timeline (as text); the shopper is mailed.',
    body: DeskCancelSchema,
    replies: { 200: { description: 'Cancelled.', schema: ChangedReply }, 404: UNKNOWN, 409: refusal('Delivered or cancelled already.') },
  }, async (c, call) => {
    const typed = number(c);
    const { reason } = await parseBody(c, DeskCancelSchema);
    const order = await desk.cancel(typed, reason, who(c, call));
    return c.json({ success: true, message: DESK_TEXT.cancelled(order.orderNumber), data: await desk.detail(order.orderNumber) });
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/orders/{number}/cash',
    permission: 'orders.cash',
    audit: 'order.cash',
    summary: 'Mark the cash collected (cash on delivery)',
    description: 'Sets `isPaid` and `paidAt` (now), with a timeline row.',
    replies: { 200: { description: 'Marked paid.', schema: ChangedReply }, 404: UNKNOWN, 409: refusal('Paid already, or cancelled.') },
  }, async (c, call) => {
    const typed = number(c);
    await desk.collectCash(typed, who(c, call));
    const order = await desk.detail(typed);
    return c.json({ success: true, message: DESK_TEXT.cash(order.orderNumber), data: order });
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/orders/{number}/notes',
    permission: 'orders.note',
    audit: 'order.note',
    summary: 'Add an internal note to the order’s timeline',
    description: '1 to 500 characters of text (line breaks allowed, no other control characters); shown as text, never as HTML.',
    body: DeskNoteSchema,
    replies: { 200: { description: 'Noted.', schema: ChangedReply }, 404: UNKNOWN },
  }, async (c, call) => {
    const typed = number(c);
    const { text: note } = await parseBody(c, DeskNoteSchema);
    await desk.addNote(typed, note, who(c, call));
    const order = await desk.detail(typed);
    return c.json({ success: true, message: DESK_TEXT.noted(order.orderNumber), data: order });
  });
}
