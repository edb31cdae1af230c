import { describe, expect, it } from 'vitest';
import { discountPercent, formatRs, maxOrderQuantity, salePrice, stockState } from './money.ts';

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

  it('shows the discount as discount / price, rounded', () => {
    expect(discountPercent({ price: 300, discount: 50 })).toBe(17);
    expect(discountPercent({ price: 200, discount: 0 })).toBe(0);
    expect(discountPercent({ price: 0, discount: 10 })).toBe(0);
  });

  it('calls 1 to 5 left low stock and 0 or less out of stock', () => {
    expect(stockState(0)).toBe('out');
    expect(stockState(-2)).toBe('out');
    expect(stockState(1)).toBe('low');
    expect(stockState(5)).toBe('low');
    expect(stockState(6)).toBe('in');
  });

  it('caps the details-page quantity at the smaller of 10 and the stock', () => {
    expect(maxOrderQuantity(3)).toBe(3);
    expect(maxOrderQuantity(50)).toBe(10);
    expect(maxOrderQuantity(0)).toBe(0);
  });
});
