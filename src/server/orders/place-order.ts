/**
 * Placing an order (POST /api/order/place): everything that moves stock and money happens in one
 * transaction, so an order is placed whole or not at all.
 *
 * 1. the Idempotency-Key, when given, is claimed (idempotency.ts);
 * 2. every line's units are taken and priced by the server (stock.ts, with src/lib/money.ts); any
 *    refusal is a 409 naming the lines, and the rollback gives every unit back;
 * 3. the totals come from `basketTotals` over the server's prices (the client's prices and total
 *    are never charged: a higher client price is charged at the server's, a lower one is refused);
 * 4. the order, its lines, its first timeline row (Pending) and the key's binding are written.
 * The same key with the same request replays the order it placed; with another request, 422.
 */
import { basketTotals } from '#lib/money.ts';
import { CHECKOUT_MESSAGES, type Order, type PlaceOrderBody } from '#lib/schemas/orders.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { orderItems, orders, orderStatusEvents, type OrderRow, type UserRow } from '#server/db/schema.ts';
import { HttpError } from '#server/http.ts';
import { bindKey, claimKey, findKey, ownerScope, requestHash } from './idempotency.ts';
import { newOrderId, newOrderNumber } from './ids.ts';
import { ORDER_MESSAGES as M } from './messages.ts';
import { orderById, toOrder } from './reads.ts';
import { mergeLines, takeStock } from './stock.ts';

export interface PlaceOrderInput {
  body: PlaceOrderBody;
  /** The signed-in shopper; undefined for a guest (then `body.guestInfo` is required). */
  user?: UserRow;
  idempotencyKey?: string;
  now: Date;
}

export interface Placement {
  order: Order;
  /** True when the Idempotency-Key had already placed this order (nothing new was placed). */
  replayed: boolean;
}

/** Thrown inside the transaction when another placement holds the key: roll back, then replay. */
class KeyTaken extends Error {}

/** The order a key placed, when the request is the same; 422 when it is not. */
async function replay(db: Database, key: string, hash: string): Promise<Placement | undefined> {
  const bound = await findKey(db, key);
  if (!bound) return undefined;
  if (bound.requestHash !== hash) throw new HttpError(422, M.keyReused);
  const record = bound.orderId ? await orderById(db, bound.orderId) : undefined;
  return record ? { order: toOrder(record), replayed: true } : undefined;
}

/** Inserts the order under a fresh number, drawing another on the (rare) collision. */
async function insertOrder(tx: Database, values: Omit<typeof orders.$inferInsert, 'orderNumber'>): Promise<OrderRow> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await tx
      .insert(orders)
      .values({ ...values, orderNumber: newOrderNumber() })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning();
    if (row) return row;
  }
  throw new Error('No free order number after 8 draws');
}

export async function placeOrder(db: Database, { body, user, idempotencyKey: key, now }: PlaceOrderInput): Promise<Placement> {
  const recipient = body.guestInfo ?? (user ? { name: user.name, email: user.email.toLowerCase() } : undefined);
  if (!recipient) {
    throw new HttpError(400, CHECKOUT_MESSAGES.required('fullName'), {
      'guestInfo.name': CHECKOUT_MESSAGES.required('fullName'),
      'guestInfo.email': CHECKOUT_MESSAGES.required('email'),
    });
  }
  const wanted = mergeLines(body.items);
  const scope = ownerScope(user?.id);
  const hash = key ? requestHash(body, wanted, scope) : '';

  // A loser of a race for the key comes round again: it replays the winner's order, or (winner
  // rolled back) places its own. Three rounds are far more than a race can need.
  for (let round = 0; round < 3; round++) {
    if (key) {
      const earlier = await replay(db, key, hash);
      if (earlier) return earlier;
    }
    try {
      return await inTransaction(db, async (tx) => {
        if (key && !(await claimKey(tx, key, scope, hash, now))) throw new KeyTaken();
        const taken = await takeStock(tx, wanted);
        if (!taken.ok) throw new HttpError(409, M.conflicts, undefined, { fields: { conflicts: taken.conflicts } });
        const totals = basketTotals(taken.lines);
        if (totals.total <= 0) throw new HttpError(400, CHECKOUT_MESSAGES.badTotal, { totalAmount: CHECKOUT_MESSAGES.badTotal });
        const a = body.shippingAddress;
        const row = await insertOrder(tx, {
          id: newOrderId(),
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
          status: 'Pending',
          subtotal: totals.subtotal,
          youSave: totals.youSave,
          shipping: totals.shipping,
          totalAmount: totals.total,
          createdAt: now,
          updatedAt: now,
        });
        const items = await tx
          .insert(orderItems)
          .values(taken.lines.map((l, position) => ({ ...l, originalPrice: l.originalPrice ?? null, orderId: row.id, position })))
          .returning();
        const events = await tx.insert(orderStatusEvents).values({ orderId: row.id, status: 'Pending', at: now }).returning();
        if (key) await bindKey(tx, key, row.id);
        return { order: toOrder({ row, items, events }), replayed: false };
      });
    } catch (err) {
      if (!(err instanceof KeyTaken)) throw err;
    }
  }
  throw new Error('The Idempotency-Key stayed claimed without an order');
}
