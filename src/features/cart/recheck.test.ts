import { describe, expect, it } from 'vitest';
import { checkLine, checkoutBlock, noticeText, priceChange, repriceCart, type CheckResult } from './recheck.ts';
import type { CartLine } from '#lib/schemas/cart.ts';

const atta: CartLine = { productId: 'atta', productTitle: 'Atta 5kg', price: 900, originalPrice: 1000, quantity: 2, images: [] };
const tea: CartLine = { productId: 'tea', productTitle: 'Tea', price: 450, quantity: 4, images: [] };
const found = (price: number, discount: number, stock: number): CheckResult => ({ kind: 'found', product: { price, discount, stock } });

describe('cart re-check', () => {
  it('sees a price that went up or down, and nothing when it stayed', () => {
    const up = priceChange(atta, found(1000, 50, 10));
    expect(up).toEqual({ kind: 'price', from: 900, to: 950 });
    expect(noticeText(up!)).toBe('Price changed from Rs. 900 to Rs. 950');
    expect(noticeText(priceChange(atta, found(850, 0, 10))!)).toBe('Price changed from Rs. 900 to Rs. 850');
    expect(priceChange(atta, found(1200, 300, 10))).toBeUndefined();
    expect(priceChange(atta, { kind: 'failed' })).toBeUndefined();
    expect(priceChange(atta, { kind: 'missing' })).toBeUndefined();
  });

  it('reprices found lines only, with the struck price only when discounted, and keeps the array when nothing changed', () => {
    const results = new Map<string, CheckResult>([['atta', found(850, 0, 10)], ['tea', { kind: 'failed' }]]);
    const next = repriceCart([atta, tea], results);
    expect(next[0]).toEqual({ productId: 'atta', productTitle: 'Atta 5kg', price: 850, quantity: 2, images: [] });
    expect(next[1]).toBe(tea);
    const same = [atta, tea];
    expect(repriceCart(same, new Map([['atta', found(1000, 100, 3)]]))).toBe(same);
    expect(repriceCart(same, new Map([['atta', found(1100, 200, 3)]]))[0]).toMatchObject({ price: 900, originalPrice: 1100 });
  });

  it('marks an out-of-stock line unavailable, kept out of the totals', () => {
    const check = checkLine(atta, found(1000, 100, 0));
    expect(check).toEqual({ notices: [{ kind: 'out' }], available: false, maxQuantity: 0 });
    expect(noticeText(check.notices[0])).toBe('Out of stock');
    expect(checkoutBlock([check])).toBe('Remove the items that are not available to proceed to checkout.');
  });

  it('marks a quantity above the stock, and lets a quantity at the stock pass', () => {
    const short = checkLine(tea, found(450, 0, 3));
    expect(short.notices.map(noticeText)).toEqual(['Only 3 left']);
    expect(short).toMatchObject({ available: true, maxQuantity: 3 });
    expect(checkoutBlock([short])).toBe('Lower the quantities above the stock to proceed to checkout.');
    expect(checkoutBlock([short, checkLine(atta, { kind: 'missing' })])).toMatch(/^Remove the items that are not available and lower/);
    const enough = checkLine(tea, found(450, 0, 4));
    expect(enough.notices).toEqual([]);
    expect(checkoutBlock([enough])).toBeUndefined();
  });

  it('marks a product no longer sold, whatever price change was seen', () => {
    const check = checkLine(atta, { kind: 'missing' });
    expect(check.notices.map(noticeText)).toEqual(['No longer available']);
    expect(check.available).toBe(false);
  });

  it('keeps the price notice beside a stock notice, and leaves a failed or unchecked line as stored', () => {
    const notice = { kind: 'price', from: 900, to: 950 } as const;
    expect(checkLine(tea, found(500, 50, 2), notice).notices.map(noticeText)).toEqual([
      'Price changed from Rs. 900 to Rs. 950',
      'Only 2 left',
    ]);
    expect(checkLine(atta, { kind: 'failed' })).toEqual({ notices: [], available: true });
    expect(checkLine(atta, undefined)).toEqual({ notices: [], available: true });
    expect(checkoutBlock([checkLine(atta, undefined)])).toBeUndefined();
  });
});
