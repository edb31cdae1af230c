/**
 * Placing an order (POST /api/order/place): everything that moves stock and money happens in one
 * statement (place-statement.ts), so an order is placed whole or not at all, in one round trip.
 *
 * 0. a guest's new order spends a point of the per-client guest-order limit in that same statement,
 *    only when it is placed: a replay, a refusal or a 422 spends nothing; with the budget spent, a
 *    new order is a 429 (the statement places nothing) while a replay still gets its order;
 * 1. the lines are merged and priced by the server: first at the prices the shopper saw; the
 *    statement checks each against the product's sale price as it locks the row;
 * 2. any line that does not fit (unknown, short, out of stock, now dearer) is a 409 naming every
 *    such line, and nothing is written; a line now cheaper is charged the lower price (the
 *    statement runs again at the prices found), so the client's prices and total are never charged;
 * 3. the totals come from `basketTotals` over the prices charged (a total of 0 or less is a 400, and
 *    so is one past what the database holds, MAX_ORDER_TOTAL);
 * 4. the order, its lines, its first timeline row (Pending), the key's binding and the stock
 *    taken are written by that one statement, whose stock update the database announces on the stock channel.
 * The same Idempotency-Key with the same request replays the order it placed; with another
 * request, 422. The reply is built from what was written, without reading it back.
 */
import { mergeLines } from '#lib/lines.ts';
import { basketTotals, MAX_ORDER_TOTAL } from '#lib/money.ts';
import { CHECKOUT_MESSAGES, type Order, type OrderLine, type PlaceOrderBody } from '#lib/schemas/orders.ts';
import type { Database } from '#server/db/client.ts';
import type { OrderRow, UserRow } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import type { Limit, LimitCount } from '#server/limits/limits.ts';
import { findKey, ownerScope, requestHash, type KeyRecord } from './idempotency.ts';
import { newOrderId, newOrderNumber } from './ids.ts';
import { ORDER_MESSAGES as M } from './messages.ts';
import { placementStatement, type OrderValues } from './place-statement.ts';
import { orderById, toOrder } from './reads.ts';
import { judgeLines, type WantedLine } from './judge-lines.ts';

export interface PlaceOrderInput {
  body: PlaceOrderBody;
  /** The signed-in shopper; undefined for a guest (then `body.guestInfo` is required). */
  user?: UserRow;
  idempotencyKey?: string;
  now: Date;
  /**
   * The per-client limit a new order spends a point of (a guest's orders, by the shopper's
   * address), counted by the placement's own statement: over budget, a 429 and nothing placed.
   */
  limit?: { limit: Limit; client: string };
}

export interface Placement {
  order: Order;
  /** True when the Idempotency-Key had already placed this order (nothing new was placed). */
  replayed: boolean;
}

/** The order a key placed, when the request is the same; 422 when it is not; undefined when unbound. */
async function replay(db: Database, bound: KeyRecord | undefined, hash: string): Promise<Placement | undefined> {
  if (!bound) return undefined;
  if (bound.requestHash !== hash) throw new HttpError(422, M.keyReused);
  const record = bound.orderId ? await orderById(db, bound.orderId) : undefined;
  return record ? { order: toOrder(record), replayed: true } : undefined;
}

/** A taken order number: the unique constraint refused the whole statement. */
function numberTaken(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'orders_order_number_unique') return true;
  }
  return false;
}

/** The order as placed, from the values written (the row's defaults filled in as the table has them). */
function placedOrder(values: OrderValues, lines: OrderLine[]): Order {
  const { now, ...fields } = values;
  const row: OrderRow = { ...fields, status: 'Pending', isPaid: false, paidAt: null, isDelivered: false, deliveredAt: null, createdAt: now, updatedAt: now };
  const items = lines.map((l, position) => ({ ...l, originalPrice: l.originalPrice ?? null, orderId: row.id, position }));
  return toOrder({ row, items, events: [{ id: '', orderId: row.id, status: 'Pending', at: now }] });
}

export async function placeOrder(db: Database, { body, user, idempotencyKey: key, now, limit }: PlaceOrderInput): Promise<Placement> {
  const recipient = body.guestInfo ?? (user ? { name: user.name, email: user.email.toLowerCase() } : undefined);
  if (!recipient) {
    throw new HttpError(400, CHECKOUT_MESSAGES.required('guestInfo.name'), {
      'guestInfo.name': CHECKOUT_MESSAGES.required('guestInfo.name'),
      'guestInfo.email': CHECKOUT_MESSAGES.required('guestInfo.email'),
    });
  }
  const wanted: WantedLine[] = mergeLines(body.items);
  const scope = ownerScope(user?.id);
  const hash = key ? requestHash(body, wanted, scope) : '';
  const a = body.shippingAddress;
  const id = newOrderId();
  let orderNumber = newOrderNumber();
  let charged = wanted.map((w) => w.price);
  // Spent by the statement that places the order, and by no other. A client this process already
  // knows is over budget is refused here, without a statement, unless its key replays an order.
  let count: LimitCount | undefined;
  try {
    count = limit?.limit.counting(limit.client);
  } catch (err) {
    const earlier = key ? await replay(db, await findKey(db, key), hash) : undefined;
    if (earlier) return earlier;
    throw err;
  }

  // Rounds: a cheaper price found (run again at it), a taken order number (draw again), a key
  // claimed by a placement that committed meanwhile (replay it). Each is rare; a few rounds are
  // far more than they need together.
  for (let round = 0; round < 12; round++) {
    const totals = basketTotals(wanted.map((w, i) => ({ price: charged[i], quantity: w.quantity })));
    if (totals.subtotal > MAX_ORDER_TOTAL) throw new HttpError(400, M.tooLarge, { items: M.tooLarge });
    const values: OrderValues = {
      id,
      orderNumber,
      userId: user?.id ?? null,
      guestName: recipient.name,
      guestEmail: recipient.email.toLowerCase(),
      contactNumber: body.contactNumber,
      address: a.address,
      city: a.city,
      province: a.province,
      postalCode: a.postalCode,
      country: a.country,
      paymentMethod: body.paymentMethod,
      subtotal: totals.subtotal,
      youSave: totals.youSave,
      shipping: totals.shipping,
      totalAmount: totals.total,
      now,
    };
    let result;
    try {
      // A total of nothing is never written; the rows are still read, so a moved line is a 409 first.
      result = await placementStatement(db, { wanted, charged, write: totals.total > 0, key: key ? { key, scope, hash } : undefined, order: values, count });
    } catch (err) {
      if (!numberTaken(err)) throw err;
      orderNumber = newOrderNumber();
      continue;
    }
    if (result.kind === 'over-budget') {
      // A request racing the one that placed its key's order (and spent the last point) replays it.
      const earlier = key ? await replay(db, await findKey(db, key), hash) : undefined;
      if (earlier) return earlier;
      // A 429 (remembered by this process until the window ends); the statement did nothing.
      limit!.limit.counted(count!, count!.budget + 1, result.expire);
      throw new Error('An over-budget placement was not refused');
    }
    if (result.kind === 'placed') {
      // The point this order spent: this process remembers a client that reached its budget.
      // (Orders placed at once may pass it by a few: never refused once placed.)
      if (count && result.counted) limit!.limit.counted(count, Math.min(result.counted.points, count.budget), result.counted.expire);
      const judged = judgeLines(wanted, result.shelf);
      if (!judged.ok) throw new Error('A placed line was judged a conflict');
      return { order: placedOrder(values, judged.lines), replayed: false };
    }
    if (result.kind === 'earlier') {
      const earlier = await replay(db, result, hash);
      if (earlier) return earlier;
      throw new Error('The Idempotency-Key stayed claimed without an order');
    }
    if (result.kind === 'key-taken') {
      // The winner committed after this statement began: read its binding afresh and replay it.
      const earlier = await replay(db, await findKey(db, key!), hash);
      if (earlier) return earlier;
      continue;
    }
    const judged = judgeLines(wanted, result.shelf);
    if (!judged.ok) throw new HttpError(409, M.conflicts, undefined, { fields: { conflicts: judged.conflicts } });
    const found = judged.lines.map((l) => l.price);
    const unchanged = found.every((price, i) => price === charged[i]);
    // Every line fits at the prices charged, so only the total stopped it.
    if (unchanged && totals.total <= 0) throw new HttpError(400, CHECKOUT_MESSAGES.badTotal, { totalAmount: CHECKOUT_MESSAGES.badTotal });
    charged = found;
  }
  throw new Error('The placement did not settle in 12 rounds');
}
