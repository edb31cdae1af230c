import { describe, expect, it } from 'vitest';
import { isTemporaryOrderId } from '#lib/schemas/orders-rules.ts';
import { findRecentOrder, temporaryOrderId } from './fallback-rules.ts';

describe('temporaryOrderId', () => {
  it('is a temp_ id with the time and a random part, different each time', () => {
    const id = temporaryOrderId(1732400000000, 0.5);
    expect(id).toMatch(/^temp_1732400000000_[0-9a-z]{6}$/);
    expect(isTemporaryOrderId(id)).toBe(true);
    expect(temporaryOrderId(1, 0.1)).not.toBe(temporaryOrderId(1, 0.2));
  });
});

describe('findRecentOrder: the fallback match (same total, last 60 s)', () => {
  const now = Date.parse('2026-11-20T10:00:00.000Z');
  const order = (id: string, total: number, secondsAgo: number) => ({ _id: id, orderNumber: `KR-${id}`, totalAmount: total, createdAt: new Date(now - secondsAgo * 1000).toISOString() });
  it('finds the newest order with the same total made within the window', () => {
    expect(findRecentOrder([order('a', 900, 50), order('b', 900, 5), order('c', 800, 1)], 900, now)?._id).toBe('b');
  });
  it('finds nothing older than 60 s, nor with another total', () => {
    expect(findRecentOrder([order('a', 900, 61), order('b', 901, 2)], 900, now)).toBeUndefined();
    expect(findRecentOrder([], 900, now)).toBeUndefined();
  });
  it('allows totals within 0.01 and a server clock a little ahead', () => {
    expect(findRecentOrder([order('a', 900.004, -3)], 900, now)?._id).toBe('a');
  });
});
