import { describe, expect, it } from 'vitest';
import { orderIdFromPath, orderIdOf, orderNumberOf, timeline, TRACK_BLANK, trackTarget } from './rules.ts';

describe('orderIdOf: the id of a placement reply in any of its shapes', () => {
  it.each([
    [{ success: true, order: { _id: 'A1', orderNumber: 'KR-7F3K-9Q2M' } }, 'A1'],
    [{ _id: 'B2' }, 'B2'],
    [{ orderId: 'C3' }, 'C3'],
    [{ id: 44 }, '44'],
    [{ order: { _id: '' }, orderId: 'D4' }, 'D4'],
  ])('%j → %s', (reply, id) => expect(orderIdOf(reply)).toBe(id));

  it('is undefined when no id came back', () => {
    for (const reply of [null, 'ok', {}, { order: {} }, { success: true, message: 'Order placed' }]) expect(orderIdOf(reply)).toBeUndefined();
  });

  it('reads the order number beside it', () => {
    expect(orderNumberOf({ order: { orderNumber: 'KR-7F3K-9Q2M' } })).toBe('KR-7F3K-9Q2M');
    expect(orderNumberOf({ orderNumber: 'KR-AAAA-BBBB' })).toBe('KR-AAAA-BBBB');
    expect(orderNumberOf({})).toBeUndefined();
  });
});

describe('orderIdFromPath', () => {
  it('reads the last segment of the page, decoded, with or without the slash', () => {
    expect(orderIdFromPath('/order/success/Zx3_k9-QpL2mN8vB4cD7eF1a/', 'success')).toBe('Zx3_k9-QpL2mN8vB4cD7eF1a');
    expect(orderIdFromPath('/order/order-status/KR-7F3K-9Q2M', 'order-status')).toBe('KR-7F3K-9Q2M');
    expect(orderIdFromPath('/order/order-status/kr%207f3k', 'order-status')).toBe('kr 7f3k');
  });
  it('is empty for the bare page, another page, deeper paths and broken escapes', () => {
    expect(orderIdFromPath('/order/success/', 'success')).toBe('');
    expect(orderIdFromPath('/order/order-status/abc/', 'success')).toBe('');
    expect(orderIdFromPath('/order/success/a/b', 'success')).toBe('');
    expect(orderIdFromPath('/order/success/%E0%A4%A', 'success')).toBe('');
  });
});

describe('trackTarget: what the tracking form leads to', () => {
  it('writes an order number typed any way in its written form', () => {
    expect(trackTarget(' kr 7f3k 9q2m ')).toEqual({ ok: true, value: 'KR-7F3K-9Q2M' });
    expect(trackTarget('KR7F3K9Q2M')).toEqual({ ok: true, value: 'KR-7F3K-9Q2M' });
  });
  it('keeps anything else as typed (an order id)', () => {
    expect(trackTarget(' Zx3_k9-QpL2mN8vB4cD7eF1a ')).toEqual({ ok: true, value: 'Zx3_k9-QpL2mN8vB4cD7eF1a' });
  });
  it('refuses a blank box', () => {
    expect(trackTarget('   ')).toEqual({ ok: false, message: TRACK_BLANK });
  });
});

describe('timeline', () => {
  const at = (h: number) => `2026-11-20T0${h}:00:00.000Z`;
  it('marks the steps reached with their times, the current one, and the road ahead', () => {
    const steps = timeline('Shipped', [{ status: 'Pending', at: at(1) }, { status: 'Processing', at: at(2) }, { status: 'Shipped', at: at(3) }]);
    expect(steps.map((s) => [s.status, s.state, s.at])).toEqual([
      ['Pending', 'done', at(1)],
      ['Processing', 'done', at(2)],
      ['Shipped', 'current', at(3)],
      ['Delivered', 'upcoming', undefined],
    ]);
  });
  it('takes the creation time for Pending when the history is empty, and handles skipped steps', () => {
    expect(timeline('Pending', [], at(1))[0]).toEqual({ status: 'Pending', at: at(1), state: 'current' });
    const skipped = timeline('Delivered', [{ status: 'Pending', at: at(1) }, { status: 'Delivered', at: at(4) }]);
    expect(skipped.map((s) => s.state)).toEqual(['done', 'done', 'done', 'current']);
    expect(skipped[1].at).toBeUndefined();
  });
  it('shows a cancelled order as the steps it took, then Cancelled', () => {
    const steps = timeline('Cancelled', [{ status: 'Pending', at: at(1) }, { status: 'Cancelled', at: at(2) }]);
    expect(steps.map((s) => [s.status, s.state, s.at])).toEqual([
      ['Pending', 'done', at(1)],
      ['Cancelled', 'cancelled', at(2)],
    ]);
  });
});
