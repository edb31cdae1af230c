/**
 * The staff report routes: the report of a range as JSON and as its two CSV files (byte-order
 * mark, the file's name), for the roles that read reports only, and a 400 naming the field for a
 * missing, bad, reversed, too long or hostile range.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DESK_MESSAGES } from '#lib/desk-query.ts';
import { SalesReportSchema, type SalesReportReply } from '#lib/schemas/reports.ts';
import type { SalesReport } from '#server/desk/reports.ts';
import { orderItems, orders } from '#server/db/schema.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { useStaffApi } from '#server/test/staff.ts';

const order = (n: number, at: string, status: string, total: number, isPaid = false) => ({
  id: `report-order-${String(n).padStart(12, '0')}`, orderNumber: `KR-${String(n).padStart(4, '0')}-RRRR`, guestName: 'Ayesha Khan', guestEmail: 'ayesha@example.pk',
  contactNumber: '+923001234567', address: 'House 1', city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan', paymentMethod: 'COD',
  status, subtotal: total, youSave: 0, shipping: 0, totalAmount: total, isPaid, paidAt: isPaid ? new Date(at) : null, createdAt: new Date(at), updatedAt: new Date(at),
});

it('declares the reply with the very shape the report has', () => {
  expectTypeOf<SalesReportReply>().toEqualTypeOf<SalesReport>();
});

describe.each(testDatabases)('staff reports API on $name', (target) => {
  const database = useDatabase(target);
  const api = useStaffApi(database);
  let ready: Promise<void> | undefined;
  const seed = () =>
    (ready ??= (async () => {
      // 1 May in Karachi starts at 30 April 19:00 UTC.
      await database().db.insert(orders).values([
        order(1, '2026-04-30T19:30:00Z', 'Delivered', 840, true),
        order(2, '2026-05-01T10:00:00Z', 'Pending', 400),
        order(3, '2026-05-02T10:00:00Z', 'Cancelled', 1200),
        order(4, '2026-05-02T11:00:00Z', 'Shipped', 360),
      ]);
      await database().db.insert(orderItems).values([
        { orderId: order(1, '', '', 1).id, position: 0, productId: 'milk-1l', name: 'Olpers Milk 1L', image: '', price: 280, quantity: 3, lineTotal: 840 },
        { orderId: order(2, '', '', 1).id, position: 0, productId: 'eggs-12', name: 'Farm Eggs 12', image: '', price: 400, quantity: 1, lineTotal: 400 },
        { orderId: order(3, '', '', 1).id, position: 0, productId: 'eggs-12', name: 'Farm Eggs 12', image: '', price: 400, quantity: 3, lineTotal: 1200 },
        { orderId: order(4, '', '', 1).id, position: 0, productId: 'shan', name: '=cmd|calc', image: '', price: 120, quantity: 3, lineTotal: 360 },
      ]);
    })());

  const get = async (path: string, cookie: string) => {
    const res = await api().accounts.app.request(path, { headers: { Cookie: `kiryana_staff=${cookie}` } });
    // The bytes as sent, byte-order mark included (text() would drop it).
    return { status: res.status, headers: res.headers, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
  };

  it('gives owners and managers the report of a range, days in Pakistan time, cancelled orders apart', async () => {
    await seed();
    for (const role of ['owner', 'manager'] as const) {
      const { cookie } = await api().member(role);
      const reply = await api().call('GET', '/api/staff/reports/sales?from=2026-05-01&to=2026-05-03', undefined, { cookie });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(SalesReportSchema.safeParse(reply.body.data).success).toBe(true);
      expect(reply.body.data).toEqual({
        from: '2026-05-01',
        to: '2026-05-03',
        days: [
          { day: '2026-05-01', orders: 2, cancelled: 0, units: 4, revenue: 1240, cashCollected: 840, cashOutstanding: 400 },
          { day: '2026-05-02', orders: 1, cancelled: 1, units: 3, revenue: 360, cashCollected: 0, cashOutstanding: 360 },
          { day: '2026-05-03', orders: 0, cancelled: 0, units: 0, revenue: 0, cashCollected: 0, cashOutstanding: 0 },
        ],
        totals: { orders: 3, cancelled: 1, units: 7, revenue: 1600, cashCollected: 840, cashOutstanding: 760 },
        bestSellers: [
          { productId: 'milk-1l', name: 'Olpers Milk 1L', units: 3, revenue: 840, orders: 1 },
          { productId: 'shan', name: '=cmd|calc', units: 3, revenue: 360, orders: 1 },
          { productId: 'eggs-12', name: 'Farm Eggs 12', units: 1, revenue: 400, orders: 1 },
        ],
      });
    }
  });

  it('sends the days and the best sellers as CSV files named after the range', async () => {
    await seed();
    const { cookie } = await api().member('manager');
    const days = await get('/api/staff/reports/sales.csv?from=2026-05-01&to=2026-05-02', cookie);
    expect(days.status).toBe(200);
    expect(days.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(days.headers.get('content-disposition')).toBe('attachment; filename="kiryana-sales-2026-05-01-2026-05-02.csv"');
    expect(days.headers.get('cache-control')).toBe('no-store');
    expect(days.text.startsWith('\uFEFFDay,')).toBe(true);
    expect(parseCsv(days.text, { bom: true })).toEqual([
      ['Day', 'Orders', 'Cancelled', 'Units', 'Revenue (Rs.)', 'Cash collected (Rs.)', 'Cash outstanding (Rs.)'],
      ['2026-05-01', '2', '0', '4', '1240', '840', '400'],
      ['2026-05-02', '1', '1', '3', '360', '0', '360'],
      ['Total', '3', '1', '7', '1600', '840', '760'],
    ]);
    const sellers = await get('/api/staff/reports/best-sellers.csv?from=2026-05-01&to=2026-05-02', cookie);
    expect(sellers.status).toBe(200);
    expect(sellers.headers.get('content-disposition')).toBe('attachment; filename="kiryana-best-sellers-2026-05-01-2026-05-02.csv"');
    expect(parseCsv(sellers.text, { bom: true })).toEqual([
      ['Rank', 'Product id', 'Product', 'Units', 'Revenue (Rs.)', 'Orders'],
      ['1', 'milk-1l', 'Olpers Milk 1L', '3', '840', '1'],
      ['2', 'shan', "'=cmd|calc", '3', '360', '1'],
      ['3', 'eggs-12', 'Farm Eggs 12', '1', '400', '1'],
    ]);
  });

  it('refuses packers and editors', async () => {
    await seed();
    for (const role of ['packer', 'editor'] as const) {
      const { cookie } = await api().member(role);
      for (const path of ['/api/staff/reports/sales', '/api/staff/reports/sales.csv', '/api/staff/reports/best-sellers.csv']) {
        const reply = await get(`${path}?from=2026-05-01&to=2026-05-02`, cookie);
        expect(reply.status, `${role} ${path}`).toBe(403);
        expect(reply.text).not.toContain('Olpers');
      }
    }
  });

  it('answers a missing, bad, reversed, too long or hostile range with a 400 naming the field', async () => {
    const { cookie } = await api().member('owner');
    const refusal = async (query: string) => {
      const reply = await api().call('GET', `/api/staff/reports/sales${query}`, undefined, { cookie });
      expect(reply.status, query).toBe(400);
      expect(reply.body.success).toBe(false);
      return reply.body.errors as Record<string, string>;
    };
    expect(await refusal('')).toEqual({ from: DESK_MESSAGES.reportRange });
    expect(await refusal('?from=2026-05-01')).toEqual({ to: DESK_MESSAGES.reportRange });
    expect(await refusal('?from=2026-02-30&to=2026-03-01')).toEqual({ from: 'From must be a date like 2026-11-27.' });
    expect(await refusal('?from=2026-05-01&to=yesterday')).toEqual({ to: 'To must be a date like 2026-11-27.' });
    expect(await refusal('?from=2026-05-02&to=2026-05-01')).toEqual({ to: DESK_MESSAGES.order });
    expect(await refusal('?from=2025-01-01&to=2026-01-02')).toEqual({ to: DESK_MESSAGES.reportLong });
    expect(await refusal(`?from=${encodeURIComponent("2026-05-01' or 1=1 --")}&to=2026-05-02`)).toEqual({ from: 'From must be a date like 2026-11-27.' });
    expect(Object.keys(await refusal('?from=2026-05-01&from=2026-05-02&to=2026-05-03'))).toEqual(['from']);
    expect(Object.keys(await refusal('?from=2026-05-01%00&to=2026-05-03'))).toEqual(['from']);
    expect(Object.keys(await refusal('?from=2026-05-01&to=2026-05-03&limit=5'))).toEqual(['limit']);
    expect(Object.keys(await refusal(`?from=${'9'.repeat(5000)}&to=2026-05-03`))).toEqual(['from']);
    const csv = await get('/api/staff/reports/sales.csv?from=2026-05-03&to=2026-05-01', cookie);
    expect(csv.status).toBe(400);
    expect((JSON.parse(csv.text) as { errors: unknown }).errors).toEqual({ to: DESK_MESSAGES.order });
    // A whole year and a leap day is allowed.
    expect((await api().call('GET', '/api/staff/reports/sales?from=2024-01-01&to=2024-12-31', undefined, { cookie })).status).toBe(200);
  });
});
