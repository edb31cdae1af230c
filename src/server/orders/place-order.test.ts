/**
 * placeOrder draws another order number when the one drawn is taken (the unique constraint is
 * the judge; the draw is made to collide here), inside the same transaction.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody } from '#server/test/orders.ts';
import { placeOrder } from './place-order.ts';

const draws = vi.hoisted(() => ({ queue: [] as string[] }));
vi.mock('./ids.ts', async (actual) => {
  const real = await actual<typeof import('./ids.ts')>();
  return { ...real, newOrderNumber: () => draws.queue.shift() ?? real.newOrderNumber() };
});

describe.each(testDatabases)('order numbers on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const body = orderBody([{ productId: 'milk-1l', quantity: 1, price: 280 }]) as PlaceOrderBody;
  const now = new Date(Date.UTC(2026, 2, 1, 9));

  it('a number already taken is drawn again; the order is placed once', async () => {
    draws.queue.push('KR-AAAA-AAAA');
    const first = await placeOrder(database().db, { body, now });
    expect(first.order.orderNumber).toBe('KR-AAAA-AAAA');
    draws.queue.push('KR-AAAA-AAAA', 'KR-AAAA-AAAA', 'KR-BBBB-BBBB');
    const second = await placeOrder(database().db, { body, now });
    expect(second.order.orderNumber).toBe('KR-BBBB-BBBB');
    expect(draws.queue).toEqual([]);
    expect(second.order._id).not.toBe(first.order._id);
  });
});
