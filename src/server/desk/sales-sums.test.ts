/**
 * The report read from the kept sums of closed days (schema/sales.ts, migration 0017's triggers)
 * always equals the report computed from the raw rows: after a bulk load, after placements,
 * cancels, payments and every other change of an order or a line made once the days were kept,
 * with placements, cancels and payments of one day running at once, for orders already there when
 * the migration came, and (PostgreSQL, two connections) when a change commits while a report is
 * keeping the very day it changes.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, is, sql, SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';
import { MIGRATIONS_DIR, type Database, type DatabaseHandle } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { orderItems, orders } from '#server/db/schema.ts';
import { moveOrder } from '#server/orders/lifecycle.ts';
import { placeOrder } from '#server/orders/place-order.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody } from '#server/test/orders.ts';
import { generateDeskOrders } from '../../../scripts/bench/load/desk-orders.ts';
import { rawSalesReport, salesReport, storeSalesDays, sumSalesDays, warmSalesDays, warmSalesInBackground } from './reports.ts';
import type pg from 'pg';

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
    await expectSumsEqualRows(db());
    await db().execute(sql`update orders set is_paid = false where id in (select id from orders where is_paid order by id limit 3)`);
    await expectSumsEqualRows(db());
    await db().execute(sql`update orders set total_amount = total_amount + 7 where id in (select id from orders order by id desc limit 4)`);
    await expectSumsEqualRows(db());
    await db().execute(sql`update orders set created_at = created_at - interval '20 hours' where id in (select id from orders order by id limit 6)`);
    await expectSumsEqualRows(db());
    await db().execute(sql`update order_items set quantity = quantity + 1, line_total = line_total + price where order_id in (select id from orders order by id limit 5)`);
    await expectSumsEqualRows(db());
    await db().execute(sql`update order_items set name = 'Olpers Milk 1 Litre' where order_id = ${placed.order._id}`);
    await expectSumsEqualRows(db());
    const { rows: renamed } = (await db().execute(sql`select units from sales_product_days where product_id = 'milk-1l' and name = 'Olpers Milk 1 Litre' and orders > 0`)) as unknown as { rows: { units: unknown }[] };
    // Its line of 2 (3 if the line change above took it): under its new name, once.
    expect(renamed).toHaveLength(1);
    expect(Number(renamed[0].units)).toBeGreaterThanOrEqual(2);
    await db().execute(sql`delete from order_items where (order_id, position) in (select order_id, max(position) from order_items where position > 0 group by order_id order by order_id limit 4)`);
    await expectSumsEqualRows(db());
    await db().execute(sql`delete from orders where id in (select id from orders order by id desc limit 3)`);
    await expectSumsEqualRows(db());
    // Orders (and their lines) added to days already kept, as a loader would.
    await generateDeskOrders(db(), { count: 300, end: new Date('2026-09-30T07:00:00Z'), batch: 300 });
    await expectSumsEqualRows(db());

    // A TRUNCATE leaves no day kept.
    expect((await salesReport(db(), RANGES[1])).totals.orders).toBeGreaterThan(0);
    await db().execute(sql`truncate orders cascade`);
    expect((await salesReport(db(), RANGES[1])).totals).toEqual({ orders: 0, cancelled: 0, units: 0, revenue: 0, cashCollected: 0, cashOutstanding: 0 });
    expect((await salesReport(db(), RANGES[1])).bestSellers).toEqual([]);
  });

  it('stay equal with placements, cancels and payments of one day at once, none waiting on another for ever', async () => {
    await generateDeskOrders(db(), { count: 600, end: END, batch: 600 });
    // Kept in advance, as after the store starts: each closed day once, the second pass finds them kept.
    expect(await warmSalesDays(db(), { from: '2026-11-01', to: TODAY })).toBe(27);
    expect(await warmSalesDays(db(), { from: '2026-11-01', to: TODAY })).toBe(0);
    await warmSalesInBackground(db(), END).stop();
    const body = orderBody([{ productId: 'eggs-12', quantity: 1, price: 400 }, { productId: 'shan-biryani-50g', quantity: 1, price: 120 }]) as PlaceOrderBody;
    const pending: string[] = [];
    for (let i = 0; i < 12; i++) pending.push((await placeOrder(db(), { body, now: END })).order._id);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 16; i++) work.push(placeOrder(db(), { body, now: END }));
    pending.forEach((id, i) => work.push(i % 2 ? moveOrder(db(), { id }, 'Cancelled', END, STAFF) : markPaid(db(), id, END)));
    const results = await Promise.allSettled(work);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await expectSumsEqualRows(db());

    // Today (by the database's clock): a placement writes nothing beside its order, and the report
    // reads the day from the raw rows without keeping it.
    const now = new Date();
    const today = new Date(now.getTime() + 5 * 3_600_000).toISOString().slice(0, 10);
    await placeOrder(db(), { body, now });
    expect(await keptDay(db(), today)).toBeUndefined();
    const report = await salesReport(db(), { from: today, to: today });
    expect(report.totals.orders).toBe(1);
    expect(report).toEqual(await rawSalesReport(db(), { from: today, to: today }));
    expect(await keptDay(db(), today)).toBeUndefined();
  });
});

/** A kept day's count of changes and whether its sums hold. */
async function keptDay(db: Database, day: string): Promise<{ gen: number; filled: boolean } | undefined> {
  const { rows } = (await db.execute(sql`select gen, filled from sales_days where day = ${day}::date`)) as unknown as { rows: { gen: unknown; filled: boolean }[] };
  return rows[0] && { gen: Number(rows[0].gen), filled: rows[0].filled };
}

describe.each(testDatabases.filter((t) => t.name === 'postgres'))('sales sums kept while a change commits, on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const db = () => database().db;
  const pool = () => (db() as unknown as { $client: pg.Pool }).$client;
  const DAY = '2026-11-20';
  const range = { from: DAY, to: DAY };

  /** A report's keeping of DAY, cut in two: the count read and the rows summed now, the store later. */
  async function sumDay() {
    const gen = (await keptDay(db(), DAY))?.gen ?? 0;
    const summed = await sumSalesDays(db(), [DAY]);
    return (): Promise<string[]> => storeSalesDays(db(), [DAY], new Map([[DAY, gen]]), summed);
  }

  async function liveOrderOf(day: string): Promise<string> {
    const [id] = await ids(db(), sql`status <> 'Cancelled' and (created_at at time zone 'Asia/Karachi')::date = ${day}::date`, 1);
    return id;
  }

  it('never keeps a day summed before a cancel that committed, or was in flight, before the store', async () => {
    await generateDeskOrders(db(), { count: 1200, end: END, batch: 1200 });

    // The cancel commits between the sum and the store: the store keeps nothing.
    let store = await sumDay();
    await db().execute(sql`update orders set status = 'Cancelled' where id = ${await liveOrderOf(DAY)}`);
    expect(await store()).toEqual([]);
    expect((await keptDay(db(), DAY))?.filled).toBe(false);
    expect(await salesReport(db(), range)).toEqual(await rawSalesReport(db(), range));
    expect((await keptDay(db(), DAY))?.filled).toBe(true);

    // The cancel is written on another connection and not committed when the store runs: the store
    // waits for it, then sees its count and keeps nothing.
    store = await sumDay();
    const other = await pool().connect();
    try {
      await other.query('begin');
      await other.query(`update orders set status = 'Cancelled' where id = $1`, [await liveOrderOf(DAY)]);
      const storing = store();
      const waiting = async (): Promise<void> => {
        const { rows } = await pool().query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (rows[0].n === 0) return waiting();
      };
      await waiting();
      await other.query('commit');
      expect(await storing).toEqual([]);
    } finally {
      other.release();
    }
    expect((await keptDay(db(), DAY))?.filled).toBe(false);
    expect(await salesReport(db(), range)).toEqual(await rawSalesReport(db(), range));

    // The same, rolled back: the store keeps the day (nothing changed).
    store = await sumDay();
    const third = await pool().connect();
    try {
      await third.query('begin');
      await third.query(`update orders set status = 'Cancelled' where id = $1`, [await liveOrderOf(DAY)]);
      await third.query('rollback');
    } finally {
      third.release();
    }
    expect(await store()).toEqual([DAY]);

    // The store first, the cancel after: the cancel marks the kept day stale.
    const before = (await keptDay(db(), DAY))!.gen;
    await db().execute(sql`update orders set status = 'Cancelled' where id = ${await liveOrderOf(DAY)}`);
    expect(await keptDay(db(), DAY)).toEqual({ gen: before + 1, filled: false });
    expect(await salesReport(db(), range)).toEqual(await rawSalesReport(db(), range));
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

/**
 * Today's seed and order code write every column of today's schema; on the schema from before the
 * sums, the columns and tables later migrations add are put in for them and taken out again before those
 * migrations run (so the test keeps working as the schema grows).
 */
async function withLaterColumns(db: Database, write: () => Promise<void>): Promise<void> {
  const added: string[] = [];
  for (const table of (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable))) {
    const { name, columns } = getTableConfig(table);
    const rows = (await db.execute(sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${name}`)) as unknown as { rows: { column_name: string }[] };
    const have = new Set(rows.rows.map((r) => r.column_name));
    if (have.size === 0) {
      // A table of a later migration: made bare for the seed's writes, dropped before migrating.
      const defs = columns.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}${(c as { generatedIdentity?: unknown }).generatedIdentity ? sql` generated by default as identity` : c.hasDefault && is(c.default, SQL) ? sql` default ${c.default}` : sql``}`);
      await db.execute(sql`create table ${sql.identifier(name)} (${sql.join(defs, sql`, `)})`);
      added.unshift(`drop table "${name}"`);
      continue;
    }
    for (const column of columns.filter((c) => !have.has(c.name) && !c.generated)) {
      const fallback = column.hasDefault && column.default !== undefined && !is(column.default, SQL) ? sql` default ${sql.raw(typeof column.default === 'string' ? `'${column.default}'` : JSON.stringify(column.default))}` : sql``;
      await db.execute(sql`alter table ${sql.identifier(name)} add column ${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}${fallback}`);
      added.push(`alter table "${name}" drop column "${column.name}"`);
    }
  }
  await write();
  for (const drop of added) await db.execute(sql.raw(drop));
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
      await withLaterColumns(handle.db, async () => {
        await seedIfEmpty(handle.db, fixtureCatalogue);
        await generateDeskOrders(handle.db, { count: 1500, end: END });
        await handle.db.update(orders).set({ isPaid: true }).where(eq(orders.status, 'Shipped'));
      });
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
