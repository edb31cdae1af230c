import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetGuestOrder, markSuccessViewed, readGuestOrder, saveGuestOrder, type GuestOrder } from './visits.ts';
import { attemptFor, forgetAttempt, keepAttempt, readAttempt } from '#features/checkout/attempt.ts';

/** A sessionStorage of the tab, in memory (Node has none). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
  removeItem = (k: string) => void this.items.delete(k);
}
const global = globalThis as unknown as { sessionStorage?: unknown };
beforeEach(() => {
  global.sessionStorage = new MemoryStorage();
});
afterEach(() => {
  delete global.sessionStorage;
});

const order: GuestOrder = { orderId: 'Zx3_k9-QpL2mN8vB4cD7eF1a', orderNumber: 'KR-7F3K-9Q2M', timestamp: 1, guestEmail: 'a@example.pk', isTemporary: false };

describe('the tab keeps its orders (under their sessionStorage keys)', () => {
  it('keeps a guest order under guest_order_{id}, and forgets it', () => {
    saveGuestOrder(order);
    expect(JSON.parse((global.sessionStorage as MemoryStorage).getItem(`guest_order_${order.orderId}`)!)).toEqual(order);
    expect(readGuestOrder(order.orderId)).toEqual(order);
    expect(readGuestOrder('other')).toBeUndefined();
    forgetGuestOrder(order.orderId);
    expect(readGuestOrder(order.orderId)).toBeUndefined();
  });

  it('reads stored text that is not a guest order as none', () => {
    (global.sessionStorage as MemoryStorage).setItem('guest_order_x', '{not json');
    (global.sessionStorage as MemoryStorage).setItem('guest_order_y', JSON.stringify({ orderId: 'z', isTemporary: false }));
    expect(readGuestOrder('x')).toBeUndefined();
    expect(readGuestOrder('y')).toBeUndefined();
  });

  it('says the success page was seen only from the second visit on', () => {
    expect(markSuccessViewed('A')).toBe(false);
    expect(markSuccessViewed('A')).toBe(true);
    expect(markSuccessViewed('B')).toBe(false);
    expect((global.sessionStorage as MemoryStorage).getItem('order_success_viewed_A')).not.toBeNull();
  });

  it('works, remembering nothing, where there is no sessionStorage', () => {
    delete global.sessionStorage;
    saveGuestOrder(order);
    expect(readGuestOrder(order.orderId)).toBeUndefined();
    expect(markSuccessViewed('A')).toBe(false);
    expect(markSuccessViewed('A')).toBe(false);
  });

  it('keeps the checkout attempt (key and body) until it is forgotten', () => {
    const body = { items: [{ productId: 'tea', quantity: 1, price: 450 }], totalAmount: 405, paymentMethod: 'COD' as const, shippingAddress: { address: 'a', city: 'c', province: 'p', postalCode: '1', country: 'Pakistan' }, contactNumber: '03001234567' };
    const attempt = attemptFor(body, false, readAttempt(), () => 'key-1');
    keepAttempt(attempt);
    expect(readAttempt()).toEqual(attempt);
    expect(attemptFor(body, false, readAttempt(), () => 'key-2').key).toBe('key-1');
    forgetAttempt();
    expect(readAttempt()).toBeUndefined();
  });
});
