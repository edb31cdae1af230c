/**
 * The lifecycle: legal moves (forward, skips, Cancelled from any non-final status), refused moves
 * with their message, the Delivered flags (COD paid on delivery), Cancelled giving the stock back
 * once, the timeline, and two moves of one order at once.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';
import { products } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody } from '#server/test/orders.ts';
import { orderTimeline } from './events.ts';
import { advanceOrder as advance } from './lifecycle.ts';
import { placeOrder } from './place-order.ts';
import { orderById } from './reads.ts';

/** The operator's moves (the command line's). */
const advanceOrder = (db: Parameters<typeof advance>[0], number: string, to: Parameters<typeof advance>[2], now: Date) =>
  advance(db, number, to, now, { actor: { kind: 'operator' } });

const T0 = new Date(Date.UTC(2026, 2, 1, 9));
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe.each(testDatabases)('order lifecycle on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const db = () => database().db;
  const stock = async (id: string) => (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
  const place = async (items = [{ productId: 'eggs-12', quantity: 4, price: 400 }]) =>
    (await placeOrder(db(), { body: orderBody(items) as PlaceOrderBody, now: T0 })).order;
  const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (err: HttpError) => ({ status: err.status, message: err.message }));

  it('moves forward step by step; Delivered sets the delivery and payment flags; the timeline records each move', async () => {
    const { orderNumber } = await place();
    await advanceOrder(db(), orderNumber, 'Processing', at(10));
    await advanceOrder(db(), orderNumber, 'Shipped', at(20));
    const delivered = await advanceOrder(db(), orderNumber, 'Delivered', at(30));
    expect(delivered).toMatchObject({ status: 'Delivered', isDelivered: true, deliveredAt: at(30).toISOString(), isPaid: true, paidAt: at(30).toISOString(), updatedAt: at(30).toISOString() });
    expect(delivered.statusHistory).toEqual([
      { status: 'Pending', at: T0.toISOString() },
      { status: 'Processing', at: at(10).toISOString() },
      { status: 'Shipped', at: at(20).toISOString() },
      { status: 'Delivered', at: at(30).toISOString() },
    ]);
  });

  it('skips are allowed; a move back, to the same status, or out of a final status is refused with its reason', async () => {
    const { orderNumber } = await place();
    expect(await refusal(advanceOrder(db(), orderNumber, 'Pending', at(1)))).toEqual({
      status: 409,
      message: `Cannot move order ${orderNumber} from Pending to Pending. Allowed: Processing, Shipped, Delivered, Cancelled.`,
    });
    await advanceOrder(db(), orderNumber, 'Shipped', at(1));
    expect((await refusal(advanceOrder(db(), orderNumber, 'Processing', at(2))))?.message).toBe(
      `Cannot move order ${orderNumber} from Shipped to Processing. Allowed: Delivered, Cancelled.`,
    );
    await advanceOrder(db(), orderNumber, 'Delivered', at(3));
    for (const to of ['Pending', 'Delivered'] as const) {
      expect(await refusal(advanceOrder(db(), orderNumber, to, at(4)))).toEqual({
        status: 409,
        message: `Cannot move order ${orderNumber} from Delivered to ${to}. Allowed: none (Delivered is final).`,
      });
    }
    expect(await refusal(advanceOrder(db(), orderNumber, 'Cancelled', at(4)))).toEqual({
      status: 409,
      message: `Order ${orderNumber} cannot be cancelled: it was already delivered.`,
    });
    expect(await refusal(advanceOrder(db(), 'KR-0000-0000', 'Shipped', at(5)))).toEqual({ status: 404, message: 'No order KR-0000-0000 was found.' });
  });

  it('Cancelled gives every line its units back, and is final', async () => {
    const before = { eggs: await stock('eggs-12'), tapal: await stock('tapal-danedar-950g') };
    const order = await place([
      { productId: 'eggs-12', quantity: 3, price: 400 },
      { productId: 'tapal-danedar-950g', quantity: 2, price: 1500 },
    ]);
    expect(await stock('eggs-12')).toBe(before.eggs - 3);
    await advanceOrder(db(), order.orderNumber, 'Processing', at(1));
    const cancelled = await advanceOrder(db(), order.orderNumber, 'Cancelled', at(2));
    expect(cancelled).toMatchObject({ status: 'Cancelled', isPaid: false, isDelivered: false });
    expect(cancelled.statusHistory.map((e) => e.status)).toEqual(['Pending', 'Processing', 'Cancelled']);
    expect(await stock('eggs-12')).toBe(before.eggs);
    expect(await stock('tapal-danedar-950g')).toBe(before.tapal);
    expect((await refusal(advanceOrder(db(), order.orderNumber, 'Cancelled', at(3))))?.message).toBe(
      `Order ${order.orderNumber} cannot be cancelled: it was already cancelled.`,
    );
    expect(await stock('eggs-12')).toBe(before.eggs);
  });

  it('two cancels of one order at once: one passes, one is refused, the stock comes back once', async () => {
    const before = await stock('eggs-12');
    const { orderNumber } = await place([{ productId: 'eggs-12', quantity: 5, price: 400 }]);
    const results = await Promise.allSettled([advanceOrder(db(), orderNumber, 'Cancelled', at(1)), advanceOrder(db(), orderNumber, 'Cancelled', at(1))]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await stock('eggs-12')).toBe(before);
    const delivered = await Promise.allSettled([
      place([{ productId: 'eggs-12', quantity: 1, price: 400 }]).then((o) => Promise.allSettled([advanceOrder(db(), o.orderNumber, 'Delivered', at(2)), advanceOrder(db(), o.orderNumber, 'Cancelled', at(2))])),
    ]);
    const [pair] = delivered as PromiseFulfilledResult<PromiseSettledResult<unknown>[]>[];
    expect(pair.value.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('the timeline records the placement by its shopper or guest and every move with who made it, in its transaction', async () => {
    const order = await place();
    await advanceOrder(db(), order.orderNumber, 'Processing', at(1));
    await advance(db(), order.orderNumber, 'Cancelled', at(2), { actor: { kind: 'staff', id: 'u-1', label: 'Ayesha' }, note: 'Shopper called' });
    expect(await orderTimeline(db(), order._id)).toEqual([
      { at: T0.toISOString(), actor: { kind: 'guest', id: null, label: null }, action: 'placed', from: null, to: 'Pending', note: null },
      { at: at(1).toISOString(), actor: { kind: 'operator', id: null, label: null }, action: 'status_changed', from: 'Pending', to: 'Processing', note: null },
      { at: at(2).toISOString(), actor: { kind: 'staff', id: 'u-1', label: 'Ayesha' }, action: 'cancelled', from: 'Processing', to: 'Cancelled', note: 'Shopper called' },
    ]);
    // A refused move writes nothing; a move whose row cannot be written does not happen.
    await refusal(advanceOrder(db(), order.orderNumber, 'Shipped', at(3)));
    const other = await place();
    await expect(advance(db(), other.orderNumber, 'Shipped', at(4), { actor: { kind: 'operator' }, note: 'x'.repeat(501) })).rejects.toThrow();
    expect((await orderTimeline(db(), order._id)).length).toBe(3);
    expect((await orderTimeline(db(), other._id)).map((e) => e.action)).toEqual(['placed']);
    expect((await orderById(db(), other._id))?.row.status).toBe('Pending');
  });
});
