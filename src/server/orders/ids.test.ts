/** Order ids are 144 random bits in base64url; numbers are KR-XXXX-XXXX over the contract's alphabet, spread evenly. */
import { describe, expect, it } from 'vitest';
import { normalizeOrderNumber, ORDER_ID, ORDER_NUMBER, ORDER_NUMBER_ALPHABET } from '#lib/schemas/orders.ts';
import { newOrderId, newOrderNumber } from './ids.ts';

describe('order ids and numbers', () => {
  it('ids are 24 base64url characters (18 bytes) and do not repeat', () => {
    const ids = Array.from({ length: 2000 }, newOrderId);
    for (const id of ids) expect(id).toMatch(ORDER_ID);
    expect(Buffer.from(ids[0], 'base64url')).toHaveLength(18);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('numbers match ORDER_NUMBER, read back through normalizeOrderNumber, and use every symbol', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const number = newOrderNumber();
      expect(number).toMatch(ORDER_NUMBER);
      expect(normalizeOrderNumber(number.toLowerCase().replace(/-/g, ' '))).toBe(number);
      for (const ch of number.slice(3).replace('-', '')) seen.add(ch);
    }
    expect([...seen].sort().join('')).toBe([...ORDER_NUMBER_ALPHABET].sort().join(''));
  });
});
