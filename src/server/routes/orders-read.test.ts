/**
 * GET /api/order (the shopper's own orders, newest first) and GET /api/order/order-status/{idOrNumber}
 * (by id the whole order; by number a summary without who or where, unless the owner asks).
 */
import { describe, expect, it } from 'vitest';
import { OrderSchema, OrderSummarySchema } from '#lib/schemas/order-replies.ts';
import { ORDER_MESSAGES } from '#server/orders/messages.ts';
import { useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, placeOrderCall } from '#server/test/orders.ts';

const milk = (quantity = 1) => ({ productId: 'milk-1l', quantity, price: 280 });
const SUMMARY_KEYS = ['createdAt', 'deliveredAt', 'isDelivered', 'isPaid', 'itemCount', 'orderNumber', 'paidAt', 'paymentMethod', 'status', 'statusHistory', 'totalAmount', 'updatedAt'];

describe.each(testDatabases)('reading orders on $name', (target) => {
  const api = useAccountsApi(useDatabase(target, fixtureCatalogue));
  const status = (idOrNumber: string, token?: string) => api().call('GET', `/api/order/order-status/${idOrNumber}`, undefined, token);

  it("lists the shopper's own orders newest first; another account sees none of them; 401 without a token", async () => {
    const ayesha = await api().signUp();
    const bilal = await api().signUp();
    const placed: string[] = [];
    for (const quantity of [1, 2, 3]) {
      const reply = await placeOrderCall(api(), orderBody([milk(quantity)]), { token: ayesha.token });
      expect(reply.status).toBe(201);
      placed.push(reply.body.orderId);
      api().clock.advance(60_000);
    }
    await placeOrderCall(api(), orderBody([milk()])); // a guest order: nobody's list
    const mine = await api().call('GET', '/api/order', undefined, ayesha.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.body.success).toBe(true);
    expect(mine.body.orders.map((o: { _id: string }) => o._id)).toEqual([...placed].reverse());
    expect(mine.body.orders[0]).toMatchObject({ items: [{ productId: 'milk-1l', quantity: 3 }], isGuest: false, shippingAddress: { city: 'Islamabad' } });
    // Each order is the reply contract exactly: valid, nothing left out, nothing more.
    for (const order of mine.body.orders) expect(OrderSchema.parse(order)).toEqual(order);

    const page = await api().call('GET', '/api/order?page=2&limit=2', undefined, ayesha.token);
    expect(page.body.orders.map((o: { _id: string }) => o._id)).toEqual([placed[0]]);
    expect((await api().call('GET', '/api/order?limit=101', undefined, ayesha.token)).status).toBe(400);

    expect((await api().call('GET', '/api/order', undefined, bilal.token)).body.orders).toEqual([]);
    const anonymous = await api().call('GET', '/api/order');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, message: 'Please sign in again.' });
  });

  it('by id: the whole order, to anyone who has the id', async () => {
    const placed = (await placeOrderCall(api(), orderBody([milk(2)]))).body.order;
    const reply = await status(placed._id);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({ success: true, order: placed });
    expect(OrderSchema.parse(reply.body.order)).toEqual(reply.body.order);
  });

  it('by number: a summary without id, name, address, phone, e-mail or lines, however it is typed', async () => {
    const placed = (await placeOrderCall(api(), orderBody([milk(2)]))).body.order;
    const compact = placed.orderNumber.replace(/-/g, '').toLowerCase();
    for (const typed of [placed.orderNumber, compact, `kr ${placed.orderNumber.slice(3).replace('-', ' ')}`]) {
      const reply = await status(encodeURIComponent(typed));
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.body.order).sort()).toEqual(SUMMARY_KEYS);
      expect(OrderSummarySchema.parse(reply.body.order)).toEqual(reply.body.order);
      expect(reply.body.order).toMatchObject({ orderNumber: placed.orderNumber, status: 'Pending', totalAmount: placed.totalAmount, itemCount: 2 });
      const text = JSON.stringify(reply.body);
      for (const secret of [placed._id, 'Ayesha', 'ayesha@example.pk', '0300-1234567', '+923001234567', 'F-7/2', 'Islamabad', 'Olpers']) expect(text).not.toContain(secret);
    }
  });

  it("by number with the owner's Bearer: the whole order; another account's or a stale token: the summary", async () => {
    const owner = await api().signUp();
    const stranger = await api().signUp();
    const placed = (await placeOrderCall(api(), orderBody([milk()]), { token: owner.token })).body.order;
    expect((await status(placed.orderNumber, owner.token)).body.order).toEqual(placed);
    expect(Object.keys((await status(placed.orderNumber, stranger.token)).body.order).sort()).toEqual(SUMMARY_KEYS);
    await api().call('POST', '/api/auth/logout', undefined, owner.token);
    const stale = await status(placed.orderNumber, owner.token);
    expect(stale.status).toBe(200);
    expect(Object.keys(stale.body.order).sort()).toEqual(SUMMARY_KEYS);
    expect((await status(placed._id, 'not-a-token')).status).toBe(200);
  });

  it('temporary ids, unknown ids and numbers, and anything else are a 404; control characters a 400', async () => {
    const temp = await status('temp_1732400000000');
    expect(temp.status).toBe(404);
    expect(temp.body).toEqual({ success: false, message: ORDER_MESSAGES.temporary });
    expect(temp.body.message).toMatch(/temporary guest order.*e-mail/);
    for (const unknown of ['KR-0000-0000', 'A'.repeat(24), 'nonsense', 'KR-IIII-OOOO']) {
      const reply = await status(unknown);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ success: false, message: 'Order not found. Please check the order ID or number.' });
      expect(reply.headers.get('cache-control')).toBe('no-store');
    }
    expect((await status('KR%00')).status).toBe(400);
    expect((await status('x'.repeat(201))).status).toBe(400);
  });
});
