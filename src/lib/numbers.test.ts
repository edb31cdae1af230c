import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatWhole } from './numbers.ts';

describe('formatWhole', () => {
  it('groups digits in threes', () => {
    expect(formatWhole(0)).toBe('0');
    expect(formatWhole(999)).toBe('999');
    expect(formatWhole(1000)).toBe('1,000');
    expect(formatWhole(212_345)).toBe('212,345');
    expect(formatWhole(-1_500)).toBe('-1,500');
    expect(formatWhole(1249.6)).toBe('1,250');
  });

  it('prints every safe integer as Intl.NumberFormat en-US does', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => formatWhole(n) === intl.format(n)));
  });
});
