import { describe, expect, it } from 'vitest';
import { placeOrderLabel } from './place-order-label.ts';

describe('placeOrderLabel', () => {
  it('says the total in rupees, as the summary writes it', () => {
    expect(placeOrderLabel(2450)).toBe('Place Order · Rs. 2,450');
    expect(placeOrderLabel(99)).toBe('Place Order · Rs. 99');
  });
  it('is Place Order alone while there is no total to say', () => {
    expect(placeOrderLabel(0)).toBe('Place Order');
  });
});
