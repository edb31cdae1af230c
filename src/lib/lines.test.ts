import { describe, expect, it } from 'vitest';
import { mergeLines } from './lines.ts';

describe('mergeLines', () => {
  it('sums the quantities of one product and keeps the order products were first named in', () => {
    const merged = mergeLines([
      { productId: 'b', quantity: 1 },
      { productId: 'a', quantity: 2 },
      { productId: 'b', quantity: 3 },
    ]);
    expect(merged).toEqual([
      { productId: 'b', quantity: 4 },
      { productId: 'a', quantity: 2 },
    ]);
  });

  it('keeps the lowest price the shopper saw, whichever line carried it', () => {
    expect(mergeLines([{ productId: 'tea', quantity: 1, price: 450 }, { productId: 'tea', quantity: 2, price: 430 }, { productId: 'tea', quantity: 1, price: 440 }])).toEqual([
      { productId: 'tea', quantity: 4, price: 430 },
    ]);
    expect(mergeLines([{ productId: 'tea', quantity: 1, price: 400 }, { productId: 'tea', quantity: 1, price: 450 }])).toEqual([{ productId: 'tea', quantity: 2, price: 400 }]);
  });

  it('keeps the first line\'s other fields and leaves the lines it was given as they were', () => {
    const lines = [
      { productId: 'milk-1l', quantity: 1, price: 300, name: 'first' },
      { productId: 'milk-1l', quantity: 1, price: 290, name: 'second' },
    ];
    expect(mergeLines(lines)).toEqual([{ productId: 'milk-1l', quantity: 2, price: 290, name: 'first' }]);
    expect(lines[0]).toEqual({ productId: 'milk-1l', quantity: 1, price: 300, name: 'first' });
  });

  it('gives lines without duplicates back unchanged, and nothing for nothing', () => {
    const lines = [{ productId: 'a', quantity: 1, price: 10 }, { productId: 'b', quantity: 2, price: 20 }];
    expect(mergeLines(lines)).toEqual(lines);
    expect(mergeLines([])).toEqual([]);
  });
});
