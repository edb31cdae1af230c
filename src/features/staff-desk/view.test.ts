import { describe, expect, it } from 'vitest';
import { actionText, countOf, actorText, arrivals, bulkReport, countText, lastDays, listParams, newOrdersText, ordersText, rangeLength, telHref, whatsappHref } from './view.ts';

describe('order desk view rules', () => {
  it('writes counts, capped ones with a plus', () => {
    expect(countText({ count: 10_000, capped: true })).toBe('10,000+');
    expect(countText({ count: 1234, capped: false })).toBe('1,234');
    expect(ordersText({ count: 1, capped: false })).toBe('1 order');
    expect(ordersText({ count: 1000, capped: true })).toBe('1,000+ orders');
    expect(countOf(1, 'unit')).toBe('1 unit');
    expect(countOf(1200, 'order')).toBe('1,200 orders');
  });

  it('defaults a report to the last 30 Pakistan days, today included', () => {
    // 20:00 UTC is already the next day in Pakistan (UTC+5).
    expect(lastDays(new Date('2026-11-27T18:59:59Z'), 1)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    const range = lastDays(new Date('2026-11-27T20:00:00Z'));
    expect(range).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(rangeLength(range.from, range.to)).toBe(30);
  });

  it('finds the rows a reload brought, none on the first load', () => {
    expect(arrivals(undefined, [{ id: 'a' }])).toEqual([]);
    expect(arrivals([{ id: 'a' }], [{ id: 'c' }, { id: 'b' }, { id: 'a' }])).toEqual(['c', 'b']);
    expect(newOrdersText(1)).toBe('1 new order');
    expect(newOrdersText(3)).toBe('3 new orders');
  });

  it('links a phone for calls and WhatsApp', () => {
    expect(whatsappHref('923001234567')).toBe('https://wa.me/923001234567');
    expect(telHref('0300-123 4567')).toBe('tel:03001234567');
    expect(telHref('+92 300 1234567')).toBe('tel:+923001234567');
  });

  it('says who did what on the timeline', () => {
    expect(actorText({ kind: 'staff', id: 'x', label: 'Sana' })).toBe('Sana (staff)');
    expect(actorText({ kind: 'guest', id: null, label: null })).toBe('The shopper (guest)');
    expect(actionText({ action: 'status_changed', from: 'Pending', to: 'Processing' })).toBe('Moved it from Pending to Processing');
    expect(actionText({ action: 'cash_collected', from: null, to: null })).toBe('Marked the cash collected');
  });

  it('reports a bulk move order by order', () => {
    const report = bulkReport('Shipped', {
      moved: [{ orderNumber: 'KR-AAAA-AAAA', from: 'Processing', to: 'Shipped' }],
      refused: [{ orderNumber: 'KR-BBBB-BBBB', message: 'This order is already Delivered.' }],
    });
    expect(report).toEqual({ done: '1 order marked Shipped.', refused: ['KR-BBBB-BBBB: This order is already Delivered.'] });
    expect(bulkReport('Delivered', { moved: [], refused: [] }).done).toBe('No order was marked Delivered.');
  });

  it('sends only the filters that are set', () => {
    expect(listParams({ status: 'Pending', from: '', find: '  ali  ' }, 'c1')).toEqual({ status: 'Pending', find: 'ali', after: 'c1' });
  });
});

describe('report downloads', () => {
  it('link the range only, whatever else the report holds', async () => {
    const { reportCsv } = await import('./api.ts');
    expect(reportCsv('sales', { from: '2026-11-01', to: '2026-11-28', days: [] } as { from: string; to: string })).toBe('/api/staff/reports/sales.csv?from=2026-11-01&to=2026-11-28');
    expect(reportCsv('best-sellers', { from: '2026-11-01', to: '2026-11-28' })).toBe('/api/staff/reports/best-sellers.csv?from=2026-11-01&to=2026-11-28');
  });
});
