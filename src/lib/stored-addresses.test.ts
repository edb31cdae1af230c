import { describe, expect, it } from 'vitest';
import { readAddress, readBook, sameAddress } from './stored-addresses.ts';

describe('stored addresses', () => {
  it('reads what is an address, and nothing else (bad stored data is no address, never a crash)', () => {
    expect(readAddress({ address: '7 Canal View', city: 'Lahore', province: 'PB' })).toEqual({ address: '7 Canal View', city: 'Lahore', province: 'PB', postalCode: '' });
    for (const bad of [null, 'x', 5, [], { address: '', city: 'Lahore', province: 'PB' }, { address: 1, city: 'Lahore', province: 'PB' }]) expect(readAddress(bad)).toBeUndefined();
    expect(readBook({})).toEqual([]);
    expect(readBook([{ id: 'a', label: 'Home', address: 'x', city: 'y', province: 'PB', isDefault: true }, { id: 5 }, null])).toEqual([
      { id: 'a', label: 'Home', address: 'x', city: 'y', province: 'PB', postalCode: '', isDefault: true },
    ]);
  });

  it('the same address is the same place, whatever the case or spaces around', () => {
    const a = { address: '7 Canal View', city: 'Lahore', province: 'PB', postalCode: '' };
    expect(sameAddress(a, { ...a, city: ' lahore ' })).toBe(true);
    expect(sameAddress(a, { ...a, postalCode: '54000' })).toBe(false);
  });
});
