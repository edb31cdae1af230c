/**
 * Sales reports: per Pakistan day of a range, the orders placed, their units and revenue, the cash
 * collected and the cash still to collect; the best-selling products of the range; both as CSV.
 *
 * An order counts on the day it was placed (Asia/Karachi). A cancelled order brings no revenue, no
 * units and no cash: it is counted apart (`cancelled`). Payment is cash on delivery, so revenue is
 * what the orders total (shipping included); of it, an order marked paid (`isPaid`) is collected and
 * any other is outstanding: collected + outstanding = revenue, day by day.
 *
 * A closed day is read from its kept sums (schema/sales.ts): summed from the raw rows by the first
 * report that needs it, kept, and marked stale by the triggers of migration 0017 when one of its
 * orders changes. Today (and a day not kept) is summed from the raw rows through the orders'
 * `created_at` index. So a report costs a few rows a closed day plus today's orders, and a placement
 * costs nothing more. rawSalesReport computes the same report from every order of the range, and a
 * test holds them equal.
 */
import { log } from '#server/monitoring/log.ts';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { and, desc, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import { daysBetween } from '#lib/desk-query.ts';
import type { Database } from '#server/db/client.ts';
import { orderItems, orders, salesDays, salesProductDays } from '#server/db/schema.ts';
import { UTF8_BOM } from '#server/catalog/export-catalog.ts';
import { endOfDay, startOfDay } from './orders-list.ts';

/** How many products the best-sellers list names. */
export const BEST_SELLERS = 10;

export interface SalesDay {
  /** YYYY-MM-DD, Pakistan. */
  day: string;
  orders: number;
  cancelled: number;
  units: number;
  revenue: number;
  cashCollected: number;
  cashOutstanding: number;
}

export interface BestSeller {
  productId: string;
  /** A name it was sold under (the last in alphabetical order, when it changed). */
  name: string;
  units: number;
  revenue: number;
  orders: number;
}

export interface SalesReport {
  from: string;
  to: string;
  /** Every day of the range, in order, days without orders as zeros. */
  days: SalesDay[];
  totals: Omit<SalesDay, 'day'>;
  bestSellers: BestSeller[];
}

const n = (v: unknown) => Number(v ?? 0);

type DaySums = Partial<Record<Exclude<keyof SalesDay, 'day'>, unknown>>;
interface SellerSums {
  productId: string;
  name: string;
  units: unknown;
  revenue: unknown;
  orders: unknown;
}

/** The report from its per-day sums (`byDay`: a day's sums by YYYY-MM-DD) and its best sellers, best first. */
function assemble(range: { from: string; to: string }, byDay: Map<string, DaySums>, sellers: SellerSums[]): SalesReport {
  const days = daysBetween(range.from, range.to).map((day): SalesDay => {
    const r = byDay.get(day) ?? {};
    return { day, orders: n(r.orders), cancelled: n(r.cancelled), units: n(r.units), revenue: n(r.revenue), cashCollected: n(r.cashCollected), cashOutstanding: n(r.cashOutstanding) };
  });
  const totals = days.reduce(
    (t, d) => ({
      orders: t.orders + d.orders,
      cancelled: t.cancelled + d.cancelled,
      units: t.units + d.units,
      revenue: t.revenue + d.revenue,
      cashCollected: t.cashCollected + d.cashCollected,
      cashOutstanding: t.cashOutstanding + d.cashOutstanding,
    }),
    { orders: 0, cancelled: 0, units: 0, revenue: 0, cashCollected: 0, cashOutstanding: 0 },
  );
  return {
    ...range,
    days,
    totals,
    bestSellers: sellers.map((s) => ({ productId: s.productId, name: s.name, units: n(s.units), revenue: n(s.revenue), orders: n(s.orders) })),
  };
}

/** A statement's rows (numbers as the driver gives them: bigints as text on PostgreSQL). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * How long after its midnight a day is first kept: a write that began before midnight (its order
 * then of today, so no trigger marked anything) has this long to commit before a report may sum the
 * day for good.
 */
export const SALES_SETTLE = '1 hour';

type Range = { from: string; to: string };

/** The days of `days` (in order), as runs of consecutive days. */
function runsOf(days: string[]): Range[] {
  const runs: Range[] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && daysBetween(last.to, day).length === 2) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return runs;
}

/** Orders of the given runs of days (none: no order). */
function inRuns(runs: Range[]): SQL {
  if (runs.length === 0) return sql`false`;
  return sql`(${sql.join(runs.map((r) => sql`(${orders.createdAt} >= ${startOfDay(r.from)} and ${orders.createdAt} < ${endOfDay(r.to)})`), sql` or `)})`;
}

/** A list of days as one parameter. */
const dayList = (days: string[]) => sql`string_to_array(${days.join(',')}, ',')::date[]`;

interface KeptDay extends DaySums {
  openFrom: string;
  day: string | null;
  gen: unknown;
  filled: boolean | null;
}

/**
 * The kept rows of a range's closed days, and the first day not closed (today, or yesterday within
 * SALES_SETTLE of midnight) by the database's clock, the one its triggers read.
 */
async function keptDays(db: Database, range: Range) {
  const rows = await rowsOf<KeptDay>(
    db,
    sql`select o.open_from::text as "openFrom", s.day::text as day, s.gen, s.filled, s.orders, s.cancelled, s.units, s.revenue,
          s.cash_collected as "cashCollected", s.cash_outstanding as "cashOutstanding"
        from (select ((now() - ${SALES_SETTLE}::interval) at time zone 'Asia/Karachi')::date as open_from) o
        left join ${salesDays} s on s.day >= ${range.from}::date and s.day <= ${range.to}::date and s.day < o.open_from`,
  );
  const openFrom = rows[0].openFrom;
  const kept = new Map(rows.filter((r) => r.day !== null).map((r) => [r.day as string, r]));
  const closed = range.from < openFrom ? daysBetween(range.from, range.to).filter((d) => d < openFrom) : [];
  return { openFrom, kept, closed };
}

export interface ProductDay {
  day: string;
  productId: string;
  name: string;
  units: unknown;
  revenue: unknown;
  orders: unknown;
}

/** Closed days summed from the raw rows: per day, and their live lines per day, product and name. */
export async function sumSalesDays(db: Database, days: string[]): Promise<{ sums: Map<string, DaySums>; lines: ProductDay[] }> {
  const sums = new Map<string, DaySums>();
  const lines: ProductDay[] = [];
  for (const run of runsOf(days)) {
    const [daySums, productDays] = await Promise.all([rawDaySums(db, run), rawProductDays(db, run)]);
    for (const [day, s] of daySums) sums.set(day, s);
    lines.push(...productDays);
  }
  return { sums, lines };
}

/**
 * Keeps the summed `days` whose count of changes is still the one read before summing them (`gens`;
 * 0 for a day without a row), in one transaction: their rows first, in day order (two reports
 * storing wait on each other without a cycle), then their products. A change committed since, or
 * in flight (the upsert waits for it, then sees its count), leaves its day unkept. Returns the days
 * kept. A failure (a deadlock with a bulk change) keeps nothing and costs the report nothing.
 */
export async function storeSalesDays(db: Database, days: string[], gens: Map<string, number>, summed: { sums: Map<string, DaySums>; lines: ProductDay[] }): Promise<string[]> {
  if (days.length === 0) return [];
  const dayRows = days.map((day) => {
    const s = summed.sums.get(day) ?? {};
    return { day, gen: gens.get(day) ?? 0, orders: n(s.orders), cancelled: n(s.cancelled), units: n(s.units), revenue: n(s.revenue), cash_collected: n(s.cashCollected), cash_outstanding: n(s.cashOutstanding) };
  });
  try {
    return await db.transaction(async (tx) => {
      const stored = await rowsOf<{ day: string }>(
        tx as unknown as Database,
        sql`insert into ${salesDays} as s (day, gen, filled, orders, cancelled, units, revenue, cash_collected, cash_outstanding)
            select day, gen, true, orders, cancelled, units, revenue, cash_collected, cash_outstanding
            from jsonb_to_recordset(${JSON.stringify(dayRows)}::jsonb)
              as r(day date, gen bigint, orders integer, cancelled integer, units bigint, revenue bigint, cash_collected bigint, cash_outstanding bigint)
            order by day
            on conflict (day) do update set filled = true, orders = excluded.orders, cancelled = excluded.cancelled, units = excluded.units,
              revenue = excluded.revenue, cash_collected = excluded.cash_collected, cash_outstanding = excluded.cash_outstanding
            where s.gen = excluded.gen
            returning day::text as day`,
      );
      const kept = new Set(stored.map((r) => r.day));
      if (kept.size === 0) return [];
      await tx.execute(sql`delete from ${salesProductDays} where day = any(${dayList([...kept])})`);
      const keptLines = summed.lines
        .filter((l) => kept.has(l.day))
        .map((l) => ({ day: l.day, product_id: l.productId, name: l.name, units: n(l.units), revenue: n(l.revenue), orders: n(l.orders) }));
      if (keptLines.length > 0) {
        await tx.execute(sql`insert into ${salesProductDays} (day, product_id, name, units, revenue, orders)
          select day, product_id, name, units, revenue, orders
          from jsonb_to_recordset(${JSON.stringify(keptLines)}::jsonb) as r(day date, product_id text, name text, units bigint, revenue bigint, orders integer)`);
      }
      return [...kept].sort();
    });
  } catch (error) {
    log.error(`sales report: summed days not kept: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

/** The closed days of `range` not kept (or kept before a change), summed from the raw rows and kept. */
async function fillMissing(db: Database, range: Range) {
  const { openFrom, kept, closed } = await keptDays(db, range);
  const missing = closed.filter((d) => !kept.get(d)?.filled);
  const gens = new Map(missing.map((day) => [day, n(kept.get(day)?.gen)]));
  const summed = await sumSalesDays(db, missing);
  const stored = new Set(await storeSalesDays(db, missing, gens, summed));
  return { openFrom, kept, closed, missing, summed, stored };
}

/**
 * The report of the Pakistan days `from` to `to` (both included; read them with readReportRange):
 * closed days from their kept sums (those not kept are summed from the raw rows now, and kept);
 * today, and a day left unkept, from the raw rows through the orders' `created_at` index.
 */
export async function salesReport(db: Database, range: Range): Promise<SalesReport> {
  const { openFrom, kept, closed, summed, stored } = await fillMissing(db, range);
  const byDay = new Map<string, DaySums>();
  const keptList: string[] = [];
  const unkept: string[] = [];
  for (const day of closed) {
    const row = kept.get(day);
    if (row?.filled) byDay.set(day, row);
    else byDay.set(day, summed.sums.get(day) ?? {});
    if (row?.filled || stored.has(day)) keptList.push(day);
    else unkept.push(day);
  }
  const rawRuns = runsOf(unkept);
  if (range.to >= openFrom) {
    const open = { from: range.from > openFrom ? range.from : openFrom, to: range.to };
    for (const [day, s] of await rawDaySums(db, open)) byDay.set(day, s);
    rawRuns.push(open);
  }
  const sellers = await rowsOf<SellerSums>(
    db,
    sql`select product_id as "productId", max(name) as name, sum(units) as units, sum(revenue) as revenue, sum(orders) as orders from (
          select product_id, name, units, revenue, orders from ${salesProductDays} where day = any(${dayList(keptList)})
          union all
          select ${orderItems.productId}, ${orderItems.name}, ${orderItems.quantity}::bigint, ${orderItems.lineTotal}::bigint, 1
          from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
          where ${inRuns(rawRuns)} and ${orders.status} <> 'Cancelled'
        ) l
        group by product_id order by sum(units) desc, product_id limit ${BEST_SELLERS}`,
  );
  return assemble(range, byDay, sellers);
}

/**
 * Sums and keeps the closed days of `range` no report kept yet, a week at a time from the latest
 * (a shared connection serves others in between), until `stopped()` says so. Returns how many
 * days it kept.
 */
export async function warmSalesDays(db: Database, range: Range, stopped: () => boolean = () => false): Promise<number> {
  let count = 0;
  const days = daysBetween(range.from, range.to).reverse();
  for (let i = 0; i < days.length && !stopped(); i += 7) {
    const week = { from: days[Math.min(days.length - 1, i + 6)], to: days[i] };
    count += (await fillMissing(db, week)).stored.size;
  }
  return count;
}

/** How many closed days the store keeps after it starts, so that the first reports find them kept. */
export const WARM_DAYS = 90;

/**
 * The last WARM_DAYS closed days kept in the background (the store's first process runs it once
 * after it opens); `stop()` lets the week in hand finish and resolves when it has. A failure is
 * told on the log and costs nothing: a report keeps the days it needs itself.
 */
export function warmSalesInBackground(db: Database, now = new Date()): { stop(): Promise<void> } {
  const day = (daysAgo: number) => new Date(now.getTime() + 5 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  let stopped = false;
  const done = warmSalesDays(db, { from: day(WARM_DAYS), to: day(0) }, () => stopped).then(
    () => {},
    (error: unknown) => log.error(`sales report: the last days were not kept in advance: ${error instanceof Error ? error.message : String(error)}`),
  );
  return {
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** A range's days summed from the raw rows, by YYYY-MM-DD (days without orders absent). */
async function rawDaySums(db: Database, range: Range): Promise<Map<string, DaySums>> {
  const [perDayQuery, unitsQuery] = rawSalesReportStatements(db, range);
  const [perDay, unitsPerDay] = await Promise.all([perDayQuery, unitsQuery]);
  const days = daysBetween(range.from, range.to);
  const byDay = new Map<string, DaySums>(perDay.map((r) => [days[n(r.day)], { ...r, cashOutstanding: n(r.revenue) - n(r.cashCollected) }]));
  for (const u of unitsPerDay) byDay.set(days[n(u.day)], { ...byDay.get(days[n(u.day)]), units: u.units });
  return byDay;
}

/** A range's live lines summed from the raw rows by day, product and name as sold. */
async function rawProductDays(db: Database, range: Range): Promise<ProductDay[]> {
  const days = daysBetween(range.from, range.to);
  const rows = await db
    .select({
      day: sql<number>`floor(extract(epoch from ${orders.createdAt} - ${startOfDay(range.from)}) / 86400)::int`,
      productId: orderItems.productId,
      name: orderItems.name,
      units: sql<number>`sum(${orderItems.quantity})`,
      revenue: sql<number>`sum(${orderItems.lineTotal})`,
      orders: sql<number>`count(*)`,
    })
    .from(orders)
    .innerJoin(orderItems, sql`${orderItems.orderId} = ${orders.id}`)
    .where(and(gte(orders.createdAt, startOfDay(range.from)), lt(orders.createdAt, endOfDay(range.to)), ne(orders.status, 'Cancelled')))
    .groupBy(sql`1`, orderItems.productId, orderItems.name);
  return rows.map((r) => ({ ...r, day: days[n(r.day)] }));
}

/**
 * The same report computed from the raw rows (every order of the range and its lines): what the
 * kept sums must always equal, and the benchmark's baseline.
 */
export function rawSalesReportStatements(db: Database, range: Range) {
  const inRange = and(gte(orders.createdAt, startOfDay(range.from)), lt(orders.createdAt, endOfDay(range.to)));
  // The day as its number in the range (0 for `from`): whole days since the first day's midnight in
  // Pakistan. Pakistan keeps one offset all year, so each of its days is 24 hours; integer sums
  // group many times faster than a zone conversion and a date made for every order.
  const day = sql<number>`floor(extract(epoch from ${orders.createdAt} - ${startOfDay(range.from)}) / 86400)::int`;
  const live = sql`${orders.status} <> 'Cancelled'`;
  return [
    db
      .select({
        day,
        orders: sql<number>`count(*) filter (where ${live})`,
        cancelled: sql<number>`count(*) filter (where not (${live}))`,
        revenue: sql<number>`coalesce(sum(${orders.totalAmount}) filter (where ${live}), 0)`,
        cashCollected: sql<number>`coalesce(sum(${orders.totalAmount}) filter (where ${live} and ${orders.isPaid}), 0)`,
      })
      .from(orders)
      .where(inRange)
      .groupBy(sql`1`),
    db
      .select({ day, units: sql<number>`sum(${orderItems.quantity})` })
      .from(orders)
      .innerJoin(orderItems, sql`${orderItems.orderId} = ${orders.id}`)
      .where(and(inRange, ne(orders.status, 'Cancelled')))
      .groupBy(sql`1`),
    db
      .select({
        productId: orderItems.productId,
        name: sql<string>`max(${orderItems.name})`,
        units: sql<number>`sum(${orderItems.quantity})`,
        revenue: sql<number>`sum(${orderItems.lineTotal})`,
        // An order holds a product on one line (lines are merged at placement): a line is an order.
        orders: sql<number>`count(*)`,
      })
      .from(orders)
      .innerJoin(orderItems, sql`${orderItems.orderId} = ${orders.id}`)
      .where(and(inRange, ne(orders.status, 'Cancelled')))
      .groupBy(orderItems.productId)
      .orderBy(desc(sql`sum(${orderItems.quantity})`), orderItems.productId)
      .limit(BEST_SELLERS),
  ] as const;
}

/** The report from the raw rows (rawSalesReportStatements). */
export async function rawSalesReport(db: Database, range: { from: string; to: string }): Promise<SalesReport> {
  const [, , sellersQuery] = rawSalesReportStatements(db, range);
  const [byDay, sellers] = await Promise.all([rawDaySums(db, range), sellersQuery]);
  return assemble(range, byDay, sellers);
}

/**
 * A spreadsheet cell that starts with = + - @ (or a tab or return) is taken by Excel for a formula:
 * a product named "=HYPERLINK(...)" would run as one. Such a text is written after a quote mark,
 * which spreadsheets show as text. Numbers are written as numbers.
 */
function cell(value: string | number): string | number {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csv(records: (string | number)[][], columns: string[]): string {
  return UTF8_BOM + stringifyCsv(records.map((r) => r.map(cell)), { header: true, columns });
}

/** The report's days as CSV (UTF-8 with its mark, a header row, a Total row last). Money in whole rupees. */
export function salesCsv(report: SalesReport): string {
  const row = (label: string, d: Omit<SalesDay, 'day'>) => [label, d.orders, d.cancelled, d.units, d.revenue, d.cashCollected, d.cashOutstanding];
  return csv(
    [...report.days.map((d) => row(d.day, d)), row('Total', report.totals)],
    ['Day', 'Orders', 'Cancelled', 'Units', 'Revenue (Rs.)', 'Cash collected (Rs.)', 'Cash outstanding (Rs.)'],
  );
}

/** The report's best sellers as CSV, best first. */
export function bestSellersCsv(report: SalesReport): string {
  return csv(
    report.bestSellers.map((b, i) => [i + 1, b.productId, b.name, b.units, b.revenue, b.orders]),
    ['Rank', 'Product id', 'Product', 'Units', 'Revenue (Rs.)', 'Orders'],
  );
}
