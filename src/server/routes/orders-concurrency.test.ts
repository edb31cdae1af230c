/**
 * Stock and Idempotency-Keys under real concurrency: requests fired at once through the app (on
 * PostgreSQL they run side by side on the pool's 10 connections; on PGlite one transaction at a
 * time). Stock never goes below zero and never sells twice; one key places one order.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import { useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, orderCount, placeOrderCall, stockOf } from '#server/test/orders.ts';

const shan = (quantity = 1) => ({ productId: 'shan-biryani-50g', quantity, price: 120 });

describe.each(testDatabases)('orders under concurrency on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);
  const setStock = (id: string, stock: number) => database().db.update(products).set({ stock }).where(eq(products.id, id));
  const count = () => orderCount(database().db);

  it('100 orders at once for a product with 10 left: exactly 10 placed, 90 refused, stock 0', async () => {
    await setStock('shan-biryani-50g', 10);
    const replies = await Promise.all(Array.from({ length: 100 }, () => placeOrderCall(api(), orderBody([shan()]))));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(90);
    for (const refused of replies.filter((r) => r.status === 409)) {
      expect(refused.body.conflicts).toEqual([expect.objectContaining({ productId: 'shan-biryani-50g', reason: 'out_of_stock', available: 0 })]);
    }
    expect(new Set(replies.filter((r) => r.status === 201).map((r) => r.body.orderNumber)).size).toBe(10);
    expect(await stockOf(api(), 'shan-biryani-50g')).toBe(0);
    expect(await count()).toBe(10);
  });

  it('two-product orders in opposite line orders at once never deadlock and never oversell', async () => {
    await setStock('eggs-12', 15);
    await setStock('cheese-slices', 15);
    const eggs = { productId: 'eggs-12', quantity: 1, price: 400 };
    const cheese = { productId: 'cheese-slices', quantity: 1, price: 480 };
    const replies = await Promise.all(Array.from({ length: 40 }, (_, i) => placeOrderCall(api(), orderBody(i % 2 ? [eggs, cheese] : [cheese, eggs]))));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(15);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(25);
    expect(await stockOf(api(), 'eggs-12')).toBe(0);
    expect(await stockOf(api(), 'cheese-slices')).toBe(0);
  });

  it('20 requests at once with one Idempotency-Key place one order; the others replay it', async () => {
    await setStock('milk-1l', 40);
    const before = await count();
    const body = orderBody([{ productId: 'milk-1l', quantity: 2, price: 280 }]);
    const replies = await Promise.all(Array.from({ length: 20 }, () => placeOrderCall(api(), body, { key: 'checkout-7f3a-20-at-once' })));
    const created = replies.filter((r) => r.status === 201);
    const replayed = replies.filter((r) => r.status === 200);
    expect(created).toHaveLength(1);
    expect(replayed).toHaveLength(19);
    const id = created[0].body.order._id;
    for (const r of replayed) {
      expect(r.body).toMatchObject({ success: true, replayed: true, orderId: id });
      expect(r.body.order).toEqual(created[0].body.order);
    }
    expect(await count()).toBe(before + 1);
    expect(await stockOf(api(), 'milk-1l')).toBe(38);
  });

  it('the same key with another body, or from another owner, is a 422 and places nothing', async () => {
    const body = orderBody([{ productId: 'milk-1l', quantity: 1, price: 280 }]);
    expect((await placeOrderCall(api(), body, { key: 'key-reused' })).status).toBe(201);
    const before = await count();
    const changed = await placeOrderCall(api(), { ...body, contactNumber: '0311 7654321' }, { key: 'key-reused' });
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({ success: false, message: 'This Idempotency-Key was already used for a different order.' });
    const { token } = await api().signUp();
    const otherOwner = await placeOrderCall(api(), body, { key: 'key-reused', token });
    expect(otherOwner.status).toBe(422);
    expect(await count()).toBe(before);
    const again = await placeOrderCall(api(), body, { key: 'key-reused' });
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
  });

  it('a key whose placement was refused (409) binds nothing: the fixed cart places with it', async () => {
    await setStock('zzz-last', 2);
    const key = 'retry-after-fixing-the-cart';
    const refused = await placeOrderCall(api(), orderBody([{ productId: 'zzz-last', quantity: 3, price: 300 }]), { key });
    expect(refused.status).toBe(409);
    const fixed = await placeOrderCall(api(), orderBody([{ productId: 'zzz-last', quantity: 2, price: 300 }]), { key });
    expect(fixed.status).toBe(201);
    expect(await stockOf(api(), 'zzz-last')).toBe(0);
  });

  it('20 requests at once with one key for a cart that cannot be placed: all 409, the key stays free', async () => {
    await setStock('zzz-last', 0);
    const key = 'all-refused-at-once';
    const replies = await Promise.all(Array.from({ length: 20 }, () => placeOrderCall(api(), orderBody([{ productId: 'zzz-last', quantity: 1, price: 300 }]), { key })));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(409));
    await setStock('zzz-last', 1);
    expect((await placeOrderCall(api(), orderBody([{ productId: 'zzz-last', quantity: 1, price: 300 }]), { key })).status).toBe(201);
  });
});
