/**
 * The desk benchmark's generator writes orders the store itself could have written: valid and
 * unique order numbers and ids, totals that are their lines plus shipping, phones in the stored form,
 * every status, guests and accounts, two years of dates; and a second run adds to the first.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_ID, ORDER_NUMBER } from '#lib/schemas/orders-rules.ts';
import { orders } from '#server/db/schema.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { generateDeskOrders } from './desk-orders.ts';

const END = new Date('2026-11-27T12:00:00Z');

describe.each(testDatabases)('desk order generator on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const db = () => database().db;

  it('writes valid orders with their lines, spread over two years, and adds to them on a second run', async () => {
    await generateDeskOrders(db(), { count: 3000, end: END, batch: 1000 });
    await generateDeskOrders(db(), { count: 500, end: END });
    const all = await db().select().from(orders);
    expect(all).toHaveLength(3500);
    expect(all.every((o) => ORDER_ID.test(o.id) && ORDER_NUMBER.test(o.orderNumber) && /^\+92[0-9]{10}$/.test(o.contactNumber))).toBe(true);
    expect(new Set(all.map((o) => o.orderNumber)).size).toBe(3500);
    expect(new Set(all.map((o) => o.status))).toEqual(new Set(['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']));
    expect(all.some((o) => o.userId) && all.some((o) => !o.userId)).toBe(true);
    const times = all.map((o) => o.createdAt.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(END.getTime());
    expect(Math.min(...times)).toBeLessThan(END.getTime() - 700 * 86_400_000);
    expect(all.every((o) => o.createdAt.getTime() % 1 === 0 && o.isPaid === (o.status === 'Delivered'))).toBe(true);
    const { rows } = (await db().execute(sql`
      select count(*)::int as wrong from orders o
      where o.total_amount <> o.shipping + (select sum(line_total) from order_items i where i.order_id = o.id)
        or o.subtotal <> (select sum(quantity * price) from order_items i where i.order_id = o.id)`)) as unknown as { rows: { wrong: number }[] };
    expect(rows[0].wrong).toBe(0);
  });
});
