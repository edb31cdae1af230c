import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byCodeUnits, byProductId } from './product-id.ts';

describe('byCodeUnits', () => {
  it('orders as JavaScript compares strings, not by locale', () => {
    expect(['b', 'a-1', 'A', 'a', 'a1', '10', '9'].sort(byCodeUnits)).toEqual(['10', '9', 'A', 'a', 'a-1', 'a1', 'b']);
    // localeCompare would put 'a' before 'B'.
    expect(['a', 'B'].sort(byCodeUnits)).toEqual(['B', 'a']);
  });

  it('is a total order: 0 only for equal strings, and antisymmetric', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(byCodeUnits(a, b) === 0).toBe(a === b);
        expect(Math.sign(byCodeUnits(a, b)) + Math.sign(byCodeUnits(b, a))).toBe(0);
      }),
    );
  });

  it('orders catalogue ids as their UTF-8 bytes compare (PostgreSQL\'s "C" collation)', () => {
    const id = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/);
    fc.assert(fc.property(id, id, (a, b) => Math.sign(byCodeUnits(a, b)) === Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)))));
  });
});

describe('byProductId', () => {
  it('sorts lines by their product id', () => {
    const lines = [{ productId: 'tea', quantity: 1 }, { productId: 'atta-10kg', quantity: 2 }, { productId: 'milk-1l', quantity: 3 }];
    expect([...lines].sort(byProductId).map((l) => l.productId)).toEqual(['atta-10kg', 'milk-1l', 'tea']);
  });
});
