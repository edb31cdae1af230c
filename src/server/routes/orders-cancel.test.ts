/**
 * POST /api/order/{idOrNumber}/cancel: the shopper's cancellation of a Pending order, by its owner
 * signed in or by anyone with the phone it was placed with; refused once the order left Pending;
 * the units back in stock once; the timeline says who; a mail to the shopper; and a cancel racing
 * the shop's own move of the order: exactly one wins.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES as M } from '#server/orders/messages.ts';
import { orderTimeline } from '#server/orders/events.ts';
import { advanceOrder } from '#server/orders/lifecycle.ts';
import { useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, placeOrderCall, stockOf } from '#server/test/orders.ts';

const eggs = (quantity: number) => ({ productId: 'eggs-12', quantity, price: 400 });
const OPERATOR = { actor: { kind: 'operator' } } as const;

describe.each(testDatabases)('a shopper cancels an order on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);
  const cancel = (idOrNumber: string, body: unknown = {}, token?: string, client?: string) =>
    api().call('POST', `/api/order/${idOrNumber}/cancel`, body, token, client);

  it('its owner, signed in, cancels a Pending order: the units go back once, the timeline says the shopper did, a mail is sent', async () => {
    const ayesha = await api().signUp();
    const before = await stockOf(api(), 'eggs-12');
    const placed = (await placeOrderCall(api(), orderBody([eggs(3)], { guestInfo: { name: 'Ayesha', email: ayesha.email } }), { token: ayesha.token })).body.order;
    expect(await stockOf(api(), 'eggs-12')).toBe(before - 3);

    const reply = await cancel(placed._id, {}, ayesha.token);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: M.cancelled(placed.orderNumber), order: { status: 'Cancelled' } });
    expect(reply.body.order.statusHistory.map((e: { status: string }) => e.status)).toEqual(['Pending', 'Cancelled']);
    expect(await stockOf(api(), 'eggs-12')).toBe(before);

    const again = await cancel(placed._id, {}, ayesha.token);
    expect(again).toMatchObject({ status: 409, body: { success: false, message: 'This order was already cancelled.' } });
    expect(await stockOf(api(), 'eggs-12')).toBe(before);

    const events = await orderTimeline(database().db, placed._id);
    expect(events.map((e) => [e.action, e.actor.kind, e.actor.id])).toEqual([
      ['placed', 'shopper', ayesha.userId],
      ['cancelled', 'shopper', ayesha.userId],
    ]);
    const mail = await api().nextMail(ayesha.email, `Your Kiryana order ${placed.orderNumber} was cancelled`);
    expect(mail.text).toContain('has been cancelled');
  });

  it('a guest cancels with the phone the order was placed with, written any way; a wrong or missing phone is refused and changes nothing', async () => {
    const before = await stockOf(api(), 'eggs-12');
    const placed = (await placeOrderCall(api(), orderBody([eggs(2)]))).body.order; // placed with 0300-1234567

    expect(await cancel(placed._id, {})).toMatchObject({ status: 403, body: { message: M.cancelNeedsPhone, errors: { phone: M.cancelNeedsPhone } } });
    expect(await cancel(placed._id, { phone: '0300 7654321' })).toMatchObject({ status: 403, body: { message: M.cancelWrongPhone } });
    expect(await cancel(placed._id, { phone: 'not a phone' })).toMatchObject({ status: 403, body: { message: M.cancelWrongPhone } });
    // Another account's session opens nothing: it still needs the phone.
    const bilal = await api().signUp();
    expect((await cancel(placed._id, {}, bilal.token)).status).toBe(403);
    expect(await stockOf(api(), 'eggs-12')).toBe(before - 2);

    const reply = await cancel(placed.orderNumber.toLowerCase(), { phone: '+92 300 1234567' });
    expect(reply).toMatchObject({ status: 200, body: { order: { status: 'Cancelled' } } });
    expect(await stockOf(api(), 'eggs-12')).toBe(before);
    expect((await orderTimeline(database().db, placed._id)).map((e) => [e.action, e.actor.kind])).toEqual([
      ['placed', 'guest'],
      ['cancelled', 'guest'],
    ]);
  });

  it('refused once the order is being prepared, in words the shopper understands; hostile input is a 4xx', async () => {
    const placed = (await placeOrderCall(api(), orderBody([eggs(1)]))).body.order;
    await advanceOrder(database().db, placed.orderNumber, 'Processing', api().clock.now(), OPERATOR);
    expect(await cancel(placed._id, { phone: '03001234567' })).toMatchObject({
      status: 409,
      body: { message: 'This order is already being prepared and can no longer be cancelled.' },
    });
    await advanceOrder(database().db, placed.orderNumber, 'Shipped', api().clock.now(), OPERATOR);
    expect((await cancel(placed._id, { phone: '03001234567' })).body.message).toBe('This order was already shipped and can no longer be cancelled.');

    expect((await cancel('KR-0000-0000', { phone: '03001234567' })).status).toBe(404);
    expect((await cancel('temp_abc', {})).status).toBe(404);
    expect((await cancel(placed._id, { phone: 'x'.repeat(41) })).status).toBe(400);
    expect((await cancel(placed._id, { phone: 3 })).status).toBe(400);
    expect((await cancel(placed._id, { phone: '03001234567', extra: 1 })).status).toBe(400);
    expect((await cancel(placed._id, '[1]')).status).toBe(400);
    expect((await cancel('x'.repeat(201), {})).status).toBe(400);
  });

  it('wrong phones are counted per client like other guessing: a client that keeps guessing is stopped (429)', async () => {
    const placed = (await placeOrderCall(api(), orderBody([eggs(1)]))).body.order;
    const client = '10.250.0.1';
    let reply = await cancel(placed._id, { phone: '0300 0000000' }, undefined, client);
    for (let i = 0; i < 200 && reply.status === 403; i++) reply = await cancel(placed._id, { phone: `0300 00000${String(i).padStart(2, '0')}` }, undefined, client);
    expect(reply.status).toBe(429);
    // Another client with the right phone still cancels.
    expect((await cancel(placed._id, { phone: '03001234567' }, undefined, '10.250.0.2')).status).toBe(200);
  });

  it('a cancel racing the shop moving the order along: exactly one wins, and the stock matches the winner', async () => {
    for (let round = 0; round < 3; round++) {
      const before = await stockOf(api(), 'eggs-12');
      const placed = (await placeOrderCall(api(), orderBody([eggs(2)]))).body.order;
      const [cancelled, moved] = await Promise.allSettled([
        cancel(placed._id, { phone: '03001234567' }).then((r) => (r.status === 200 ? r : Promise.reject(r))),
        advanceOrder(database().db, placed.orderNumber, 'Processing', api().clock.now(), OPERATOR),
      ]);
      expect([cancelled.status, moved.status].filter((s) => s === 'fulfilled')).toHaveLength(1);
      const events = await orderTimeline(database().db, placed._id);
      expect(events).toHaveLength(2);
      expect(await stockOf(api(), 'eggs-12')).toBe(cancelled.status === 'fulfilled' ? before : before - 2);
      if (cancelled.status === 'rejected') expect((cancelled.reason as { status: number }).status).toBe(409);
    }
  });
});
