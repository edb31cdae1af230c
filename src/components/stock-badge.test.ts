import { describe, expect, it } from 'vitest';
import { stockBadge, stockState } from './stock-badge.ts';

describe('the stock badge', () => {
  it('calls 1 to 5 left low stock and 0 or less out of stock', () => {
    expect(stockState(0)).toBe('out');
    expect(stockState(-2)).toBe('out');
    expect(stockState(1)).toBe('low');
    expect(stockState(5)).toBe('low');
    expect(stockState(6)).toBe('in');
  });

  it('labels the badge by state', () => {
    expect(stockBadge(0)).toEqual({ label: 'Out of Stock', className: 'badge badge-out' });
    expect(stockBadge(3)).toEqual({ label: 'Only 3 left!', className: 'badge badge-low' });
    expect(stockBadge(40)).toEqual({ label: 'In Stock', className: 'badge badge-in' });
  });
});
