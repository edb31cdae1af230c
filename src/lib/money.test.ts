import { describe, expect, it } from 'vitest';
import { discountPercent, formatRs, linePrice, salePrice } from './money.ts';

describe('pricing', () => {
  it('formats whole rupees with thousands separators', () => {
    expect(formatRs(1250)).toBe('Rs. 1,250');
    expect(formatRs(0)).toBe('Rs. 0');
    expect(formatRs(1_000_000)).toBe('Rs. 1,000,000');
  });

  it('sells at price minus the discount amount, never below zero', () => {
    expect(salePrice({ price: 500, discount: 50 })).toBe(450);
    expect(salePrice({ price: 500, discount: 0 })).toBe(500);
    expect(salePrice({ price: 100, discount: 150 })).toBe(0);
  });

  it('keeps a line at the sale price, with the struck price only when there is a discount', () => {
    expect(linePrice({ price: 500, discount: 50 })).toEqual({ price: 450, originalPrice: 500 });
    expect(linePrice({ price: 500, discount: 0 })).toEqual({ price: 500 });
    expect(linePrice({ price: 500, discount: -5 })).toEqual({ price: 500 });
    expect(linePrice({ price: 100, discount: 150 })).toEqual({ price: 0, originalPrice: 100 });
  });

  it('shows the discount as discount / price, rounded', () => {
    expect(discountPercent({ price: 300, discount: 50 })).toBe(17);
    expect(discountPercent({ price: 200, discount: 0 })).toBe(0);
    expect(discountPercent({ price: 0, discount: 10 })).toBe(0);
  });
});
