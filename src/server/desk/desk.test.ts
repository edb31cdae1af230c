/**
 * The order desk's list and the sales reports on a small set of orders written straight to the
 * database: each filter and search, tricky searches, counts by status, pages without gaps or
 * repeats, the reports' sums (cancelled left out, cash collected against outstanding, Pakistan days
 * across UTC midnight) and the CSV files.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { DESK_MESSAGES, DESK_PAGE_SIZE, DeskQueryError, readDeskListQuery, readReportRange, type DeskListQuery } from '#lib/desk-query.ts';
import type { OrderStatus } from '#lib/schemas/orders-rules.ts';
import { orderItems, orders } from '#server/db/schema.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { countDeskOrders, listDeskOrders } from './orders-list.ts';
import { bestSellersCsv, salesCsv, salesReport } from './reports.ts';

interface Fixture {
  n: number;
  name: string;
  email: string;
  phone: string;
  status: OrderStatus;
  /** UTC. */
  at: string;
  total: number;
  paid?: boolean;
  lines: [productId: string, quantity: number, price: number][];
}

const id = (n: number) => `order-${String(n).padStart(18, '0')}`;
const number = (n: number) => `KR-${String(n).padStart(4, '0')}-AAAA`;

// Pakistan is UTC+5: 2026-03-01T19:30Z is 2 March 00:30 in Karachi, 2026-03-01T18:59Z is 1 March 23:59.
const FIXTURES: Fixture[] = [
  { n: 1, name: 'Ayesha Khan', email: 'ayesha@example.pk', phone: '+923001234567', status: 'Delivered', at: '2026-03-01T05:00:00Z', total: 1000, paid: true, lines: [['milk-1l', 2, 280], ['eggs-12', 1, 440]] },
  { n: 2, name: 'Bilal Ahmed', email: 'bilal_ahmed@mail.pk', phone: '+923211112222', status: 'Pending', at: '2026-03-01T18:59:00Z', total: 560, lines: [['milk-1l', 2, 280]] },
  { n: 3, name: "Sana O'Brien", email: 'sana%o@mail.pk', phone: '+923331234000', status: 'Shipped', at: '2026-03-01T19:30:00Z', total: 800, lines: [['eggs-12', 2, 400]] },
  { n: 4, name: 'Zainab 100% Pure_Foods', email: 'zainab@shop.pk', phone: '+923001234567', status: 'Cancelled', at: '2026-03-02T10:00:00Z', total: 5000, lines: [['shan', 40, 125]] },
  { n: 5, name: 'Usman Tariq', email: 'usman@example.pk', phone: '+923451230000', status: 'Delivered', at: '2026-03-02T12:00:00Z', total: 1200, paid: true, lines: [['eggs-12', 3, 400]] },
  { n: 6, name: 'AYESHA Siddiqui', email: 'a.siddiqui@example.pk', phone: '+923009998888', status: 'Processing', at: '2026-03-03T04:00:00Z', total: 360, lines: [['shan', 3, 120]] },
];

describe.each(testDatabases)('order desk on $name', (target) => {
  const database = useDatabase(target);
  const db = () => database().db;
  let ready: Promise<void> | undefined;
  const seed = () =>
    (ready ??= (async () => {
      const rows = FIXTURES.map((f) => ({
        id: id(f.n), orderNumber: number(f.n), guestName: f.name, guestEmail: f.email, contactNumber: f.phone,
        address: 'House 1', city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan', paymentMethod: 'COD',
        status: f.status, subtotal: f.total, youSave: 0, shipping: 0, totalAmount: f.total, isPaid: f.paid ?? false,
        paidAt: f.paid ? new Date(f.at) : null, isDelivered: f.status === 'Delivered', createdAt: new Date(f.at), updatedAt: new Date(f.at),
      }));
      // 120 more on 2026-01-10, a second apart, for the pages.
      for (let i = 0; i < 120; i++) {
        const at = new Date(Date.UTC(2026, 0, 10, 6, 0, i));
        rows.push({ ...rows[0], id: id(100 + i), orderNumber: number(100 + i), guestName: `Bulk Shopper ${i}`, guestEmail: `bulk${i}@example.pk`, contactNumber: '+923000000000', status: i % 2 ? 'Pending' : 'Delivered', createdAt: at, updatedAt: at, paidAt: null, isPaid: false, totalAmount: 100 });
      }
      await db().insert(orders).values(rows);
      await db().insert(orderItems).values(
        FIXTURES.flatMap((f) => f.lines.map(([productId, quantity, price], position) => ({ orderId: id(f.n), position, productId, name: productId.toUpperCase(), image: '', price, quantity, lineTotal: quantity * price }))),
      );
    })());
  const numbers = async (query: DeskListQuery) => {
    await seed();
    return (await listDeskOrders(db(), query)).orders.map((o) => o.orderNumber);
  };
  const find = (text: string, extra: Record<string, string> = {}) => numbers(readDeskListQuery({ find: text, from: '2026-02-01', ...extra }));

  it('lists newest first and filters by status and by Pakistan days', async () => {
    expect(await numbers(readDeskListQuery({ from: '2026-02-01' }))).toEqual([6, 5, 4, 3, 2, 1].map(number));
    expect(await numbers(readDeskListQuery({ status: 'Delivered', from: '2026-03-01' }))).toEqual([5, 1].map(number));
    // 1 March in Karachi ends at 19:00 UTC: order 2 (18:59 UTC) is on it, order 3 (19:30 UTC) is not.
    expect(await numbers(readDeskListQuery({ from: '2026-03-01', to: '2026-03-01' }))).toEqual([2, 1].map(number));
    expect(await numbers(readDeskListQuery({ from: '2026-03-02', to: '2026-03-02' }))).toEqual([5, 4, 3].map(number));
  });

  it('finds by order number, phone in any written form, part of a name without case, and part of an e-mail', async () => {
    expect(await find('kr 0003 aaaa')).toEqual([number(3)]);
    expect(await find('0300-1234567')).toEqual([4, 1].map(number));
    expect(await find('+92 300 1234567')).toEqual([4, 1].map(number));
    expect(await find('ayesha')).toEqual([6, 1].map(number));
    expect(await find('  ayESHA   khan ')).toEqual([number(1)]);
    expect(await find('@example.pk')).toEqual([6, 5, 1].map(number));
    expect(await find('USMAN@EXAMPLE.PK')).toEqual([number(5)]);
    expect(await find('ayesha', { status: 'Processing' })).toEqual([number(6)]);
  });

  it('takes % _ \\ and quotes in a search for themselves', async () => {
    expect(await find('100%')).toEqual([number(4)]);
    expect(await find('%%%')).toEqual([]);
    expect(await find('yes_a')).toEqual([]);
    expect(await find('Pure_Foods')).toEqual([number(4)]);
    expect(await find('_@')).toEqual([]);
    expect(await find('%@')).toEqual([]);
    expect(await find('bilal_ahmed@')).toEqual([number(2)]);
    expect(await find('%o@')).toEqual([number(3)]);
    expect(await find("O'Brien")).toEqual([number(3)]);
    expect(await find('\\\\\\')).toEqual([]);
    expect(await find("'; drop table orders; --")).toEqual([]);
    expect(await numbers({})).toHaveLength(DESK_PAGE_SIZE);
  });

  it('refuses bad questions in words, before the database', () => {
    const refusal = (params: Record<string, string>) => {
      try {
        readDeskListQuery(params);
      } catch (err) {
        if (err instanceof DeskQueryError) return [err.field, err.message];
        throw err;
      }
      return undefined;
    };
    expect(refusal({ status: 'Lost' })).toEqual(['status', DESK_MESSAGES.status]);
    expect(refusal({ from: '2026-02-30' })).toEqual(['from', 'From must be a date like 2026-11-27.']);
    expect(refusal({ to: "2026-01-01' or 1=1" })).toEqual(['to', 'To must be a date like 2026-11-27.']);
    expect(refusal({ from: '2026-03-02', to: '2026-03-01' })).toEqual(['to', DESK_MESSAGES.order]);
    expect(refusal({ find: 'x'.repeat(100_000) })).toEqual(['find', DESK_MESSAGES.findLong]);
    expect(refusal({ find: 'ab\u0000c' })).toEqual(['find', DESK_MESSAGES.findControls]);
    expect(refusal({ find: 'ab' })).toEqual(['find', DESK_MESSAGES.nameShort]);
    expect(refusal({ after: 'page-2' })).toEqual(['after', DESK_MESSAGES.cursor]);
    expect(refusal({ find: 'x'.repeat(100) })).toBeUndefined();
    expect(() => readReportRange({ from: '2026-01-01' })).toThrow(DESK_MESSAGES.reportRange);
    expect(() => readReportRange({ from: '2025-01-01', to: '2026-01-02' })).toThrow(DESK_MESSAGES.reportLong);
  });

  it('pages through every order once, newest first, by cursor', async () => {
    await seed();
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await listDeskOrders(db(), readDeskListQuery({ after }));
      expect(page.orders.length).toBeLessThanOrEqual(DESK_PAGE_SIZE);
      expect(page.total).toEqual({ count: 126, capped: false });
      seen.push(...page.orders.map((o) => o.id));
      after = page.nextCursor ?? undefined;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(126);
    const times = (await listDeskOrders(db(), {})).orders.map((o) => o.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The bulk orders 50 to 119 on the second page and after, filtered by status: no gaps.
    const pending: string[] = [];
    after = undefined;
    do {
      const page = await listDeskOrders(db(), readDeskListQuery({ status: 'Pending', after }));
      pending.push(...page.orders.map((o) => o.id));
      after = page.nextCursor ?? undefined;
    } while (after);
    expect(pending).toHaveLength(61);
  });

  it('counts orders by status, over all days or the chosen ones', async () => {
    await seed();
    const all = await countDeskOrders(db());
    expect(Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.count]))).toEqual({ Pending: 61, Processing: 1, Shipped: 1, Delivered: 62, Cancelled: 1 });
    const march2 = await countDeskOrders(db(), readDeskListQuery({ from: '2026-03-02', to: '2026-03-02' }));
    expect(Object.fromEntries(Object.entries(march2).map(([k, v]) => [k, v.count]))).toEqual({ Pending: 0, Processing: 0, Shipped: 1, Delivered: 1, Cancelled: 1 });
    expect(Object.values(march2).every((c) => !c.capped)).toBe(true);
  });

  it('reports sales per Pakistan day: cancelled left out, cash collected beside outstanding, best sellers', async () => {
    await seed();
    const report = await salesReport(db(), readReportRange({ from: '2026-03-01', to: '2026-03-04' }));
    expect(report.days).toEqual([
      { day: '2026-03-01', orders: 2, cancelled: 0, units: 5, revenue: 1560, cashCollected: 1000, cashOutstanding: 560 },
      { day: '2026-03-02', orders: 2, cancelled: 1, units: 5, revenue: 2000, cashCollected: 1200, cashOutstanding: 800 },
      { day: '2026-03-03', orders: 1, cancelled: 0, units: 3, revenue: 360, cashCollected: 0, cashOutstanding: 360 },
      { day: '2026-03-04', orders: 0, cancelled: 0, units: 0, revenue: 0, cashCollected: 0, cashOutstanding: 0 },
    ]);
    expect(report.totals).toEqual({ orders: 5, cancelled: 1, units: 13, revenue: 3920, cashCollected: 2200, cashOutstanding: 1720 });
    // shan's 40 units were cancelled: it sells 3, behind eggs (6) and milk (4).
    expect(report.bestSellers).toEqual([
      { productId: 'eggs-12', name: 'EGGS-12', units: 6, revenue: 2440, orders: 3 },
      { productId: 'milk-1l', name: 'MILK-1L', units: 4, revenue: 1120, orders: 2 },
      { productId: 'shan', name: 'SHAN', units: 3, revenue: 360, orders: 1 },
    ]);
  });

  it('writes the report as spreadsheet CSV: byte-order mark, header row, a total row, formulas defused', async () => {
    await seed();
    const report = await salesReport(db(), { from: '2026-03-01', to: '2026-03-02' });
    const days = salesCsv(report);
    expect(days.startsWith('\uFEFFDay,Orders,Cancelled,Units,Revenue (Rs.),Cash collected (Rs.),Cash outstanding (Rs.)\n')).toBe(true);
    expect(parseCsv(days, { bom: true })).toEqual([
      ['Day', 'Orders', 'Cancelled', 'Units', 'Revenue (Rs.)', 'Cash collected (Rs.)', 'Cash outstanding (Rs.)'],
      ['2026-03-01', '2', '0', '5', '1560', '1000', '560'],
      ['2026-03-02', '2', '1', '5', '2000', '1200', '800'],
      ['Total', '4', '1', '10', '3560', '2200', '1360'],
    ]);
    const sellers = parseCsv(bestSellersCsv({ ...report, bestSellers: [{ productId: 'x', name: '=HYPERLINK("http://evil")', units: 1, revenue: 2, orders: 1 }] }), { bom: true });
    expect(sellers).toEqual([
      ['Rank', 'Product id', 'Product', 'Units', 'Revenue (Rs.)', 'Orders'],
      ['1', 'x', '\'=HYPERLINK("http://evil")', '1', '2', '1'],
    ]);
  });
});
