/** Buy again's plan: today's prices, capped by stock beyond the cart and by the line cap, every shortfall in words. */
import { describe, expect, it } from 'vitest';
import type { LiveResult } from '#lib/live-products.ts';
import type { OrderLine } from '#lib/schemas/order-replies.ts';
import { capMessage } from '#lib/line-cap.ts';
import { buyAgainPlan, buyAgainSummary } from './buy-again.ts';

const line = (productId: string, quantity: number, name = productId): OrderLine => ({ productId, name, image: `/img/${productId}.webp`, price: 100, quantity, lineTotal: 100 * quantity });
const found = (price: number, discount: number, stock: number): LiveResult => ({ kind: 'found', product: { price, discount, stock } });

describe('buy again', () => {
  it("adds each line at today's price, not the order's", () => {
    const plan = buyAgainPlan([line('tea', 2, 'Tapal Danedar')], new Map([['tea', found(1500, 100, 50)]]), []);
    expect(plan).toEqual({
      add: [{ item: { productId: 'tea', productTitle: 'Tapal Danedar', price: 1400, originalPrice: 1500, images: ['/img/tea.webp'] }, quantity: 2 }],
      notes: [],
    });
  });

  it('says what could not be added: out of stock, no longer sold, not checked, short of stock, capped', () => {
    const lines = [line('a', 1, 'Eggs'), line('b', 1, 'Milk'), line('c', 1, 'Bread'), line('d', 5, 'Rice'), line('e', 20, 'Atta')];
    const live = new Map<string, LiveResult>([
      ['a', found(100, 0, 0)],
      ['b', { kind: 'missing' }],
      ['c', { kind: 'failed' }],
      ['d', found(100, 0, 3)],
      ['e', found(100, 0, 500)],
    ]);
    const plan = buyAgainPlan(lines, live, [{ productId: 'e', productTitle: 'Atta', price: 100, quantity: 15, images: [] }]);
    expect(plan.add.map((a) => [a.item.productId, a.quantity])).toEqual([['d', 3], ['e', 5]]);
    expect(plan.notes).toEqual([
      'Eggs is out of stock.',
      'Milk is no longer sold.',
      'Bread: we could not check it just now, so it was not added.',
      'Rice: 3 of 5 added. Only 3 left.',
      `Atta: 5 of 20 added. ${capMessage()}`,
    ]);
    expect(buyAgainSummary({ added: 2, notes: plan.notes })).toBe("Added 2 items to your cart at today's prices; not everything could be added.");
    expect(buyAgainSummary({ added: 0, notes: ['x'] })).toBe('Nothing could be added to your cart.');
  });

  it('counts what the cart already holds against the stock', () => {
    const plan = buyAgainPlan([line('d', 4, 'Rice')], new Map([['d', found(100, 0, 5)]]), [{ productId: 'd', productTitle: 'Rice', price: 100, quantity: 3, images: [] }]);
    expect(plan.add.map((a) => a.quantity)).toEqual([2]);
    expect(plan.notes).toEqual(['Rice: 2 of 4 added. Only 5 left, and 3 are already in your cart.']);
  });
});
