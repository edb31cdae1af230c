/**
 * The operator's `find` and `cancel` on the database (what `npm run orders` and the running
 * store's operator routes call): phones compared in the form orders store them, names by any part
 * in any case, and a cancel that is the shop's cancellation (stock back, final states refused).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PlaceOrderSchema } from '#lib/schemas/orders.ts';
import { products } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody } from '#server/test/orders.ts';
import { createDesk } from '#server/desk/service.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { databaseOperations } from './operations.ts';
import { orderTimeline } from './events.ts';
import { placeOrder } from './place-order.ts';

const T0 = new Date(Date.UTC(2026, 2, 1, 9));
const clock = { now: () => T0 };

describe.each(testDatabases)('operator find and cancel on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const ops = () => databaseOperations(database().db, createDesk({ db: database().db, clock, mailer: createMailer({ from: 'Kiryana <no-reply@kiryana.pk>', log: () => {} }), siteUrl: 'https://shop.example.pk' }));
  /** A placement as the shop takes it: the body through the shop's schema, which stores the phone in one form. */
  const place = async (name: string, phone: string, minute = 0) => {
    const body = PlaceOrderSchema.parse(orderBody([{ productId: 'eggs-12', quantity: 2, price: 400 }], { contactNumber: phone, guestInfo: { name, email: 'a@example.pk' } }));
    return (await placeOrder(database().db, { body, now: new Date(T0.getTime() + minute * 60_000) })).order;
  };
  const stock = async (id: string) => (await database().db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
  const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (err: HttpError) => ({ status: err.status, message: err.message }));

  it('finds orders by phone however it is typed, and by any part of a name in any case, newest first', async () => {
    const first = await place('Ayesha Khan', '0300 1234567', 0);
    const second = await place('Bilal Ahmed', '+92 321 7654321', 1);
    const third = await place('ayesha siddiqui', '0092-300-1234567', 2);
    for (const typed of ['03001234567', '+92 300 1234567', '0300-1234567', '00923001234567']) {
      expect((await ops().find(typed, 50)).map((o) => o.orderNumber), typed).toEqual([third.orderNumber, first.orderNumber]);
    }
    expect((await ops().find('AYESHA', 50)).map((o) => o.orderNumber)).toEqual([third.orderNumber, first.orderNumber]);
    expect((await ops().find('  lal ah ', 50)).map((o) => o.orderNumber)).toEqual([second.orderNumber]);
    expect(await ops().find('Zainab', 50)).toEqual([]);
    // LIKE's wildcards are letters here, not patterns.
    expect(await ops().find('%_', 50)).toEqual([]);
    expect((await ops().find('Ayesha', 1)).map((o) => o.orderNumber)).toEqual([third.orderNumber]);
    expect(await refusal(ops().find(' a ', 50))).toEqual({ status: 400, message: "Type a phone number, or at least 2 letters of the customer's name." });
  });

  it('cancels as the shop does: stock back once; a delivered or cancelled order is refused in words', async () => {
    const before = await stock('eggs-12');
    const order = await place('Ayesha Khan', '0300 1234567');
    expect(await stock('eggs-12')).toBe(before - 2);
    const cancelled = await ops().cancel(order.orderNumber.toLowerCase().replace(/-/g, ''));
    expect(cancelled).toMatchObject({ status: 'Cancelled', statusHistory: [{ status: 'Pending' }, { status: 'Cancelled' }] });
    expect(await stock('eggs-12')).toBe(before);
    expect(await refusal(ops().cancel(order.orderNumber))).toEqual({ status: 409, message: `Order ${order.orderNumber} cannot be cancelled: it was already cancelled.` });
    expect(await stock('eggs-12')).toBe(before);

    const delivered = await place('Bilal Ahmed', '0321 7654321');
    await ops().advance(delivered.orderNumber, 'Delivered');
    expect(await refusal(ops().cancel(delivered.orderNumber))).toEqual({ status: 409, message: `Order ${delivered.orderNumber} cannot be cancelled: it was already delivered.` });
    expect(await refusal(ops().cancel('KR-0000-0000'))).toEqual({ status: 404, message: 'No order KR-0000-0000 was found.' });
  });

  it("writes the operator's moves and cancellations on the timeline as the operator's", async () => {
    const order = await place('Ayesha Khan', '0300 1234567');
    await ops().advance(order.orderNumber, 'Processing');
    await ops().cancel(order.orderNumber);
    expect((await orderTimeline(database().db, order._id)).map((e) => [e.action, e.actor.kind, e.from, e.to])).toEqual([
      ['placed', 'guest', null, 'Pending'],
      ['status_changed', 'operator', 'Pending', 'Processing'],
      ['cancelled', 'operator', 'Processing', 'Cancelled'],
    ]);
  });
});
