/**
 * POST /api/order/place prices every line itself (src/lib/money.ts), merges duplicate lines, and
 * refuses (409, nothing taken, no order) a cart whose products are gone, sold out, short, or now
 * dearer than the shopper saw.
 */
import { describe, expect, it } from 'vitest';
import { basketTotals } from '#lib/money.ts';
import { OrderConflictSchema, OrderSchema } from '#lib/schemas/order-replies.ts';
import { ORDER_ID, ORDER_NUMBER } from '#lib/schemas/orders.ts';
import { useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, orderCount, placeOrderCall, stockOf } from '#server/test/orders.ts';

const CONFLICT = 'Some items in your cart have changed. Please review them and place your order again.';

describe.each(testDatabases)('order placement on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);
  const place = (body: unknown, options?: Parameters<typeof placeOrderCall>[2]) => placeOrderCall(api(), body, options);

  it('places a guest order: 201, the whole order, priced by the server, stock taken', async () => {
    const items = [
      { productId: 'milk-1l', quantity: 2, price: 280 },
      { productId: 'shan-biryani-50g', quantity: 3, price: 120 },
    ];
    const reply = await place(orderBody(items));
    expect(reply.status).toBe(201);
    const { order } = reply.body;
    expect(reply.body).toMatchObject({ success: true, message: 'Order placed successfully!', orderId: order._id, orderNumber: order.orderNumber });
    // The reply's order is the contract the browser reads it with, exactly.
    expect(OrderSchema.parse(order)).toEqual(order);
    expect(order._id).toMatch(ORDER_ID);
    expect(order.orderNumber).toMatch(ORDER_NUMBER);
    expect(order.items).toEqual([
      { productId: 'milk-1l', name: 'Olpers Milk 1L', image: '/images/products/milk-1l.webp', price: 280, originalPrice: 290, quantity: 2, lineTotal: 560 },
      { productId: 'shan-biryani-50g', name: 'Shan Biryani Masala 50g', image: '', price: 120, quantity: 3, lineTotal: 360 },
    ]);
    const totals = basketTotals(order.items);
    expect(totals).toEqual({ subtotal: 920, youSave: 92, shipping: 0, total: 828 });
    expect(order).toMatchObject({ subtotal: 920, youSave: 92, shipping: 0, totalAmount: 828, itemCount: 5, status: 'Pending' });
    expect(order).toMatchObject({ isPaid: false, paidAt: null, isDelivered: false, deliveredAt: null, isGuest: true, paymentMethod: 'COD' });
    expect(order.guestInfo).toEqual({ name: 'Ayesha Khan', email: 'ayesha@example.pk' });
    expect(order.contactNumber).toBe('+923001234567'); // sent as 0300-1234567: stored in one form
    expect(order.statusHistory).toEqual([{ status: 'Pending', at: api().clock.now().toISOString() }]);
    expect(order.createdAt).toBe(api().clock.now().toISOString());
    expect(await stockOf(api(), 'milk-1l')).toBe(38);
    expect(await stockOf(api(), 'shan-biryani-50g')).toBe(497);
  });

  it('merges duplicate lines by summing quantities', async () => {
    const reply = await place(orderBody([
      { productId: 'eggs-12', quantity: 1, price: 400 },
      { productId: 'cheese-slices', quantity: 1, price: 480 },
      { productId: 'eggs-12', quantity: 2, price: 400 },
    ]));
    expect(reply.status).toBe(201);
    expect(reply.body.order.items.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity])).toEqual([['eggs-12', 3], ['cheese-slices', 1]]);
    expect(reply.body.order.subtotal).toBe(1680);
    expect(await stockOf(api(), 'eggs-12')).toBe(97);
  });

  it("a client price above the server's is charged at the server's; a wrong total is ignored", async () => {
    const reply = await place(orderBody([{ productId: 'tapal-danedar-950g', quantity: 2, price: 1650 }], { totalAmount: 1 }));
    expect(reply.status).toBe(201);
    expect(reply.body.order.items[0]).toMatchObject({ price: 1500, originalPrice: 1650, lineTotal: 3000 });
    expect(reply.body.order).toMatchObject({ subtotal: 3000, youSave: 300, totalAmount: 2700 });
  });

  it("a client price below the server's is a 409 price_changed with the new price: nothing taken, no order", async () => {
    const before = await orderCount(database().db);
    const reply = await place(orderBody([
      { productId: 'basmati-5kg', quantity: 1, price: 1900 },
      { productId: 'milk-1l', quantity: 1, price: 280 },
    ]));
    expect(reply.status).toBe(409);
    expect(reply.body).toEqual({
      success: false,
      message: CONFLICT,
      conflicts: [{ productId: 'basmati-5kg', name: 'Guard Basmati Rice 5kg', reason: 'price_changed', price: 2100, originalPrice: 2400, requestedPrice: 1900, requestedQuantity: 1 }],
    });
    expect(await stockOf(api(), 'basmati-5kg')).toBe(25);
    expect(await stockOf(api(), 'milk-1l')).toBe(38);
    expect(await orderCount(database().db)).toBe(before);
  });

  it('unknown, sold-out and short lines are a 409 naming each, in cart order; stock unchanged', async () => {
    const before = await orderCount(database().db);
    const reply = await place(orderBody([
      { productId: 'zzz-last', quantity: 10, price: 300 },
      { productId: 'no-such-product', quantity: 1, price: 100 },
      { productId: 'milk-1l', quantity: 1, price: 280 },
      { productId: 'dal-mash-1kg', quantity: 1, price: 450 },
    ]));
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(CONFLICT);
    expect(reply.body.conflicts).toEqual([
      { productId: 'zzz-last', name: 'Zinger Sauce', reason: 'short', available: 9, price: 300, requestedPrice: 300, requestedQuantity: 10 },
      { productId: 'no-such-product', name: 'no-such-product', reason: 'unavailable', requestedPrice: 100, requestedQuantity: 1 },
      { productId: 'dal-mash-1kg', name: 'Dal Mash 1kg', reason: 'out_of_stock', available: 0, price: 450, originalPrice: 700, requestedPrice: 450, requestedQuantity: 1 },
    ]);
    for (const conflict of reply.body.conflicts) expect(OrderConflictSchema.parse(conflict)).toEqual(conflict);
    expect(await stockOf(api(), 'zzz-last')).toBe(9);
    expect(await stockOf(api(), 'milk-1l')).toBe(38);
    expect(await orderCount(database().db)).toBe(before);
  });

  it('the last units can be ordered, and then the product is out of stock', async () => {
    const first = await place(orderBody([{ productId: 'atta-10kg', quantity: 1, price: 1800 }]));
    expect(first.status).toBe(201);
    expect(await stockOf(api(), 'atta-10kg')).toBe(0);
    const second = await place(orderBody([{ productId: 'atta-10kg', quantity: 1, price: 1800 }]));
    expect(second.status).toBe(409);
    expect(second.body.conflicts[0]).toMatchObject({ reason: 'out_of_stock', available: 0 });
  });

  it('a signed-in order belongs to the account and carries its name and e-mail', async () => {
    const { token, email } = await api().signUp();
    const { guestInfo: _, ...body } = orderBody([{ productId: 'milk-1l', quantity: 1, price: 280 }]);
    const reply = await place(body, { token });
    expect(reply.status).toBe(201);
    expect(reply.body.order).toMatchObject({ isGuest: false, guestInfo: { name: 'Ayesha Khan', email } });
    const other = await place(orderBody([{ productId: 'milk-1l', quantity: 1, price: 280 }], { guestInfo: { name: 'Gift for Sana', email: 'SANA@example.pk' } }), { token });
    expect(other.body.order).toMatchObject({ isGuest: false, guestInfo: { name: 'Gift for Sana', email: 'sana@example.pk' } });
  });

  it('takes a phone with a leading + or 00 and stores every way of writing one number the same', async () => {
    for (const [typed, stored] of [
      ['+92 300 1234567', '+923001234567'],
      ['0092-300-1234567', '+923001234567'],
      ['0300 1234567', '+923001234567'],
      ['+44 20 7946 0958', '+442079460958'],
    ]) {
      const reply = await place({ ...orderBody([{ productId: 'milk-1l', quantity: 1, price: 280 }]), contactNumber: typed });
      expect(reply.status, typed).toBe(201);
      expect(reply.body.order.contactNumber, typed).toBe(stored);
    }
    const refused = await place({ ...orderBody([{ productId: 'milk-1l', quantity: 1, price: 280 }]), contactNumber: '+92 300' });
    expect(refused.status).toBe(400);
  });

  it('takes an address without a postal code, and a province by name or by value, storing its value', async () => {
    const MILK = { productId: 'milk-1l', quantity: 1, price: 280 };
    const { shippingAddress } = orderBody([MILK]) as { shippingAddress: Record<string, string> };
    const { postalCode: _, ...noPostal } = shippingAddress;
    for (const [given, stored] of [['Punjab', 'PB'], ['khyber pakhtunkhwa', 'KP'], ['ICT', 'ICT'], [' ajk ', 'AJK']]) {
      const reply = await place({ ...orderBody([MILK]), shippingAddress: { ...noPostal, province: given, country: 'pakistan' } });
      expect(reply.status).toBe(201);
      expect(reply.body.order.shippingAddress).toMatchObject({ province: stored, postalCode: '', country: 'Pakistan' });
    }
    const empty = await place({ ...orderBody([MILK]), shippingAddress: { ...shippingAddress, postalCode: '  ' } });
    expect(empty.status).toBe(201);
    expect(empty.body.order.shippingAddress.postalCode).toBe('');
  });

});
