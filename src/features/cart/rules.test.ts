import { describe, expect, it } from 'vitest';
import { addLine, cartItemOf, heldOf, noRoomMessage, removeLine, roomFor, setLine, updateQuantity, wouldPassCap } from './rules.ts';
import { capMessage, lineQuantityCap } from '#lib/line-cap.ts';
import { repriceCart } from './recheck.ts';
import { basketTotals } from '#lib/money.ts';

const atta = { productId: 'atta-5kg', productTitle: 'Atta 5kg', price: 900, originalPrice: 1000, images: ['/a.webp'] };
const tea = { productId: 'tea-200g', productTitle: 'Tea 200g', price: 450, images: [] };

describe('cart rules', () => {
  it('appends a new product and raises the quantity of one already there', () => {
    const one = addLine([], atta, 2);
    expect(one).toEqual([{ ...atta, quantity: 2 }]);
    const two = addLine(one, tea);
    expect(two.map((l) => [l.productId, l.quantity])).toEqual([['atta-5kg', 2], ['tea-200g', 1]]);
    const three = addLine(two, atta, 3);
    expect(three.map((l) => [l.productId, l.quantity])).toEqual([['atta-5kg', 5], ['tea-200g', 1]]);
    expect(one).toEqual([{ ...atta, quantity: 2 }]); // not mutated
  });

  it('removes by productId and keeps the rest', () => {
    const lines = addLine(addLine([], atta), tea);
    expect(removeLine(lines, 'atta-5kg').map((l) => l.productId)).toEqual(['tea-200g']);
    expect(removeLine(lines, 'nothing')).toHaveLength(2);
  });

  it('updates one line, never below 1', () => {
    const lines = addLine(addLine([], atta), tea);
    expect(updateQuantity(lines, 'tea-200g', 4).map((l) => l.quantity)).toEqual([1, 4]);
    expect(updateQuantity(lines, 'tea-200g', 0).map((l) => l.quantity)).toEqual([1, 1]);
    expect(updateQuantity(lines, 'tea-200g', -3).map((l) => l.quantity)).toEqual([1, 1]);
    expect(updateQuantity(lines, 'tea-200g', Number.NaN).map((l) => l.quantity)).toEqual([1, 1]);
    expect(updateQuantity(lines, 'tea-200g', 2.7).map((l) => l.quantity)).toEqual([1, 2]);
  });

  it('turns a product into a line at its sale price, with the struck price only when discounted', () => {
    expect(cartItemOf({ _id: 'x', name: 'X', price: 1000, discount: 100, image: '/x.webp', stock: 3 })).toEqual({
      productId: 'x', productTitle: 'X', price: 900, originalPrice: 1000, images: ['/x.webp'],
    });
    expect(cartItemOf({ _id: 'y', name: 'Y', price: 500, discount: 0, image: '', stock: 3 })).toEqual({
      productId: 'y', productTitle: 'Y', price: 500, images: [],
    });
  });
});

describe('basket totals', () => {
  it('gives subtotal, free shipping, 10% saving rounded down and the total', () => {
    expect(basketTotals([{ price: 900, quantity: 2 }, { price: 455, quantity: 1 }])).toEqual({
      subtotal: 2255, shipping: 0, youSave: 225, total: 2030,
    });
    expect(basketTotals([])).toEqual({ subtotal: 0, shipping: 0, youSave: 0, total: 0 });
    expect(basketTotals([{ price: 9, quantity: 1 }]).youSave).toBe(0);
  });
});

describe('the line cap', () => {
  const item = { productId: 'tea', productTitle: 'Tea', price: 100, images: [] };
  it('holds a line at the cap, however it is added or set', () => {
    const cap = lineQuantityCap();
    const full = addLine([], item, cap + 5);
    expect(full[0].quantity).toBe(cap);
    expect(addLine(full, item, 1)[0].quantity).toBe(cap);
    expect(updateQuantity(full, 'tea', 500)[0].quantity).toBe(cap);
    expect(wouldPassCap(full, 'tea')).toBe(true);
    expect(wouldPassCap(addLine([], item, cap - 1), 'tea')).toBe(false);
  });

  it('the re-check brings a stored line above the cap down to it, found or not', () => {
    const cap = lineQuantityCap();
    const over = [{ ...item, quantity: 500 }];
    expect(repriceCart(over, new Map())[0].quantity).toBe(cap);
    expect(repriceCart(over, new Map([['tea', { kind: 'found' as const, product: { price: 100, discount: 0, stock: 900 } }]]))[0].quantity).toBe(cap);
    const within = [{ ...item, quantity: cap }];
    expect(repriceCart(within, new Map())).toBe(within);
  });
});

describe('room left for a product', () => {
  const lines = addLine([], { ...tea, productId: 'tea' }, 2);

  it('is the stock less what the cart holds, never below 0, never past the line cap', () => {
    expect(heldOf(lines, 'tea')).toBe(2);
    expect(roomFor(lines, 'tea', 3)).toBe(1);
    expect(roomFor(lines, 'tea', 2)).toBe(0);
    expect(roomFor(lines, 'tea', 1)).toBe(0);
    expect(roomFor(lines, 'rice', 3)).toBe(3);
    expect(roomFor(lines, 'tea', 500)).toBe(lineQuantityCap() - 2);
  });

  it('says how many are left instead of "Added"', () => {
    expect(noRoomMessage(3, 3)).toBe('Only 3 left, and all 3 are in your cart.');
    expect(noRoomMessage(1, 1)).toBe('Only 1 left, and it is in your cart.');
    expect(noRoomMessage(3, 2)).toBe('Only 3 left, and 2 are in your cart: you can add 1 more.');
    expect(noRoomMessage(5, 1)).toBe('Only 5 left, and 1 is in your cart: you can add 4 more.');
    expect(noRoomMessage(500, lineQuantityCap())).toBe(capMessage());
  });

  it('Buy Now sets the line to the chosen quantity, added when missing', () => {
    const item = { ...tea, productId: 'tea' };
    expect(setLine(lines, item, 2)).toEqual(lines);
    expect(setLine(setLine(lines, item, 2), item, 2)[0].quantity).toBe(2);
    expect(setLine(lines, item, 1)[0].quantity).toBe(1);
    expect(setLine([], item, 3)).toEqual([{ ...item, quantity: 3 }]);
  });
});
