/**
 * The sales sums the database keeps (schema/sales.ts, migration 0015's triggers) always equal the
 * report computed from the raw rows: after a bulk load (the desk generator's statements), after
 * placements, cancels, payments and every other change of an order or a line, with placements,
 * cancels and payments of one day running at once (none deadlocks), and for orders that were
 * already there when the migration came (its backfill).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';
import { MIGRATIONS_DIR, type Database, type DatabaseHandle } from '#server/db/client.ts';
import { orderItems, orders } from '#server/db/schema.ts';
import { moveOrder } from '#server/orders/lifecycle.ts';
import { placeOrder } from '#server/orders/place-order.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody } from '#server/test/orders.ts';
import { generateDeskOrders } from '../../../scripts/bench/load/desk-orders.ts';
import { rawSalesReport, salesReport } from './reports.ts';

/** Noon in Karachi: the generator's newest orders are Pending on this day. */
const END = new Date('2026-11-27T07:00:00Z');
const TODAY = '2026-11-27';
const STAFF = { actor: { kind: 'operator' } } as const;

/** Ranges that together cover the generated two years, and a few short ones. */
const RANGES = [
  { from: '2024-11-20', to: '2025-11-20' },
  { from: '2025-11-21', to: TODAY },
  { from: '2026-08-29', to: TODAY },
  { from: TODAY, to: TODAY },
  { from: '2026-11-20', to: '2026-11-26' },
];

async function expectSumsEqualRows(db: Database) {
  for (const range of RANGES) expect(await salesReport(db, range), `${range.from} to ${range.to}`).toEqual(await rawSalesReport(db, range));
}

async function ids(db: Database, where: ReturnType<typeof sql>, limit: number): Promise<string[]> {
  const rows = await db.select({ id: orders.id }).from(orders).where(where).orderBy(orders.id).limit(limit);
  return rows.map((r) => r.id);
}

/** Cash collected, as the desk marks it: the order's row locked, paid now. */
async function markPaid(db: Database, id: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
    await tx.update(orders).set({ isPaid: true, paidAt: now, updatedAt: now }).where(and(eq(orders.id, id), eq(orders.isPaid, false)));
  });
}

describe.each(testDatabases)('sales sums on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const db = () => database().db;

  it('equal the raw report after a bulk load, and after every kind of change to orders and lines', async () => {
    await generateDeskOrders(db(), { count: 3000, end: END, batch: 1000 });
    const sums = await salesReport(db(), RANGES[1]);
    expect(sums.totals.orders).toBeGreaterThan(1000);
    expect(sums.totals.cancelled).toBeGreaterThan(50);
    expect(sums.totals.cashCollected).toBeGreaterThan(0);
    expect(sums.totals.cashOutstanding).toBeGreaterThan(0);
    expect(sums.bestSellers).toHaveLength(10);
    await expectSumsEqualRows(db());

    // The lifecycle: cancels (units back), deliveries (paid), plain moves.
    for (const id of await ids(db(), sql`status = 'Pending'`, 8)) await moveOrder(db(), { id }, 'Cancelled', END, STAFF);
    for (const id of await ids(db(), sql`status = 'Shipped'`, 8)) await moveOrder(db(), { id }, 'Delivered', END, STAFF);
    for (const id of await ids(db(), sql`status = 'Processing'`, 8)) await moveOrder(db(), { id }, 'Shipped', END, STAFF);
    for (const id of await ids(db(), sql`status = 'Pending'`, 5)) await markPaid(db(), id, END);
    // A placement: the order and its lines in one statement.
    const body = orderBody([{ productId: 'milk-1l', quantity: 2, price: 280 }, { productId: 'shan-biryani-50g', quantity: 3, price: 120 }]) as PlaceOrderBody;
    const placed = await placeOrder(db(), { body, now: END });
    await expectSumsEqualRows(db());
    const today = (await salesReport(db(), { from: TODAY, to: TODAY })).days[0];
    expect(today.cancelled).toBeGreaterThan(0);

    // Writers the store does not have today, kept right all the same: back from Cancelled, paid
    // undone, a total or a time changed, a line changed or removed, a renamed product, an order removed.
    const [back] = await ids(db(), sql`status = 'Cancelled'`, 1);
    await db().update(orders).set({ status: 'Pending' }).where(eq(orders.id, back));
    await db().execute(sql`update orders set is_paid = false where id in (select id from orders where is_paid order by id limit 3)`);
    await db().execute(sql`update orders set total_amount = total_amount + 7 where id in (select id from orders order by id desc limit 4)`);
    await db().execute(sql`update orders set created_at = created_at - interval '20 hours' where id in (select id from orders order by id limit 6)`);
    await db().execute(sql`update order_items set quantity = quantity + 1, line_total = line_total + price where order_id in (select id from orders order by id limit 5)`);
    await db().execute(sql`update order_items set name = 'Olpers Milk 1 Litre' where order_id = ${placed.order._id}`);
    const { rows: renamed } = (await db().execute(sql`select units from sales_product_days where product_id = 'milk-1l' and name = 'Olpers Milk 1 Litre' and orders > 0`)) as unknown as { rows: { units: unknown }[] };
    // Its line of 2 (3 if the line change above took it): under its new name, once.
    expect(renamed).toHaveLength(1);
    expect(Number(renamed[0].units)).toBeGreaterThanOrEqual(2);
    await db().execute(sql`delete from order_items where (order_id, position) in (select order_id, max(position) from order_items where position > 0 group by order_id order by order_id limit 4)`);
    await db().execute(sql`delete from orders where id in (select id from orders order by id desc limit 3)`);
    await expectSumsEqualRows(db());

    // A TRUNCATE counts everything again (to nothing).
    await db().execute(sql`truncate orders cascade`);
    expect((await salesReport(db(), RANGES[1])).totals).toEqual({ orders: 0, cancelled: 0, units: 0, revenue: 0, cashCollected: 0, cashOutstanding: 0 });
    expect((await salesReport(db(), RANGES[1])).bestSellers).toEqual([]);
  });

  it('stay equal with placements, cancels and payments of one day at once, none waiting on another for ever', async () => {
    await generateDeskOrders(db(), { count: 600, end: END, batch: 600 });
    const body = orderBody([{ productId: 'eggs-12', quantity: 1, price: 400 }, { productId: 'shan-biryani-50g', quantity: 1, price: 120 }]) as PlaceOrderBody;
    const pending: string[] = [];
    for (let i = 0; i < 12; i++) pending.push((await placeOrder(db(), { body, now: END })).order._id);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 16; i++) work.push(placeOrder(db(), { body, now: END }));
    pending.forEach((id, i) => work.push(i % 2 ? moveOrder(db(), { id }, 'Cancelled', END, STAFF) : markPaid(db(), id, END)));
    const results = await Promise.allSettled(work);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await expectSumsEqualRows(db());
  });
});

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** The migrations folder without the sums' migration and those after it. */
async function migrationsBeforeSums(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kiryana-migrations-'));
  dirs.push(dir);
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === '0015_sales_sums'));
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateTo(handle: DatabaseHandle, folder: string) {
  if (handle.kind === 'pglite') await migratePglite(handle.db as never, { migrationsFolder: folder });
  else await migratePg(handle.db as never, { migrationsFolder: folder });
}

describe.each(testDatabases)('sales sums migration on $name', (target) => {
  it('counts the orders already placed', async () => {
    const handle = await target.open({ migrate: false });
    try {
      await migrateTo(handle, await migrationsBeforeSums());
      await seedIfEmpty(handle.db, fixtureCatalogue);
      await generateDeskOrders(handle.db, { count: 1500, end: END });
      await handle.db.update(orders).set({ isPaid: true }).where(eq(orders.status, 'Shipped'));
      await migrateTo(handle, MIGRATIONS_DIR);
      const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(orderItems);
      expect(n).toBeGreaterThan(1500);
      expect((await salesReport(handle.db, RANGES[1])).totals.orders).toBeGreaterThan(500);
      await expectSumsEqualRows(handle.db);
    } finally {
      await handle.close();
    }
  });
});
