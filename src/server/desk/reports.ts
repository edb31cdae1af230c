/**
 * Sales reports: per Pakistan day of a range, the orders placed, their units and revenue, the cash
 * collected and the cash still to collect; the best-selling products of the range; both as CSV.
 *
 * An order counts on the day it was placed (Asia/Karachi). A cancelled order brings no revenue, no
 * units and no cash: it is counted apart (`cancelled`). Payment is cash on delivery, so revenue is
 * what the orders total (shipping included); of it, an order marked paid (`isPaid`) is collected and
 * any other is outstanding: collected + outstanding = revenue, day by day.
 *
 * The store reads the sums the database keeps as orders are written (schema/sales.ts, kept by the
 * triggers of migration 0015), so a report costs a few rows a day whatever the number of orders;
 * rawSalesReport computes the same report from every order of the range, and a test holds them equal.
 */
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { and, desc, gt, gte, lt, lte, ne, sql } from 'drizzle-orm';
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

/**
 * The statements behind a report, read from the sums the database keeps (schema/sales.ts): the
 * days' slots added up, and the best sellers from the products' days (a row whose lines were all
 * cancelled, with no orders left, names nothing). Apart so the benchmark can run them bare.
 */
export function salesReportStatements(db: Database, range: { from: string; to: string }) {
  return [
    db
      .select({
        day: salesDays.day,
        orders: sql<number>`sum(${salesDays.orders})`,
        cancelled: sql<number>`sum(${salesDays.cancelled})`,
        units: sql<number>`sum(${salesDays.units})`,
        revenue: sql<number>`sum(${salesDays.revenue})`,
        cashCollected: sql<number>`sum(${salesDays.cashCollected})`,
        cashOutstanding: sql<number>`sum(${salesDays.cashOutstanding})`,
      })
      .from(salesDays)
      .where(and(gte(salesDays.day, range.from), lte(salesDays.day, range.to)))
      .groupBy(salesDays.day),
    db
      .select({
        productId: salesProductDays.productId,
        name: sql<string>`max(${salesProductDays.name})`,
        units: sql<number>`sum(${salesProductDays.units})`,
        revenue: sql<number>`sum(${salesProductDays.revenue})`,
        orders: sql<number>`sum(${salesProductDays.orders})`,
      })
      .from(salesProductDays)
      .where(and(gte(salesProductDays.day, range.from), lte(salesProductDays.day, range.to), gt(salesProductDays.orders, 0)))
      .groupBy(salesProductDays.productId)
      .orderBy(desc(sql`sum(${salesProductDays.units})`), salesProductDays.productId)
      .limit(BEST_SELLERS),
  ] as const;
}

/** The report of the Pakistan days `from` to `to` (both included; read them with readReportRange). */
export async function salesReport(db: Database, range: { from: string; to: string }): Promise<SalesReport> {
  const [perDayQuery, sellersQuery] = salesReportStatements(db, range);
  const [perDay, sellers] = await Promise.all([perDayQuery, sellersQuery]);
  return assemble(range, new Map(perDay.map((r) => [r.day, r])), sellers);
}

/**
 * The same report computed from the raw rows (every order of the range and its lines): what the
 * sums must always equal, and the benchmark's baseline.
 */
export function rawSalesReportStatements(db: Database, range: { from: string; to: string }) {
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
  const [perDayQuery, unitsQuery, sellersQuery] = rawSalesReportStatements(db, range);
  const [perDay, unitsPerDay, sellers] = await Promise.all([perDayQuery, unitsQuery, sellersQuery]);
  const days = daysBetween(range.from, range.to);
  const byDay = new Map<string, DaySums>(perDay.map((r) => [days[n(r.day)], { ...r, cashOutstanding: n(r.revenue) - n(r.cashCollected) }]));
  for (const u of unitsPerDay) byDay.set(days[n(u.day)], { ...byDay.get(days[n(u.day)]), units: u.units });
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
