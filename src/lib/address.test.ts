import { describe, expect, it } from 'vitest';
import { addressRuleError, ADDRESS_MESSAGES, cityLine, countryOf, PROVINCES, provinceName, provinceOf } from './address.ts';
import { PK_CITIES } from './pk-cities.ts';
import { addressBookFieldError } from './address-book.ts';

describe('the address rule', () => {
  it('takes a province by value or name, in any case, as its stable value; nothing else', () => {
    for (const p of PROVINCES) {
      expect(provinceOf(p.value)).toBe(p.value);
      expect(provinceOf(` ${p.name.toUpperCase()} `)).toBe(p.value);
    }
    for (const bad of ['', 'xyz', 'Kashmir', 'Delhi', 'ICT ICT']) expect(provinceOf(bad), bad).toBeUndefined();
    expect(PROVINCES).toHaveLength(7);
  });

  it('takes Pakistan only, and a postal code of exactly 5 digits', () => {
    expect(countryOf(' pakistan ')).toBe('Pakistan');
    expect(countryOf('India')).toBeUndefined();
    expect(addressRuleError('postalCode', '54000')).toBeUndefined();
    for (const bad of ['1', '540001', '5400O', '54 000', '５４０００']) expect(addressRuleError('postalCode', bad), bad).toBe(ADDRESS_MESSAGES.postalCode);
  });

  it("shows a stored province by name, and an old order's other text as it was written", () => {
    expect(cityLine({ city: 'Lahore', province: 'PB', postalCode: '54000' })).toBe('Lahore, Punjab 54000');
    expect(cityLine({ city: 'Hunza', province: 'GB', postalCode: '' })).toBe('Hunza, Gilgit-Baltistan');
    expect(provinceName('Some Region')).toBe('Some Region');
  });

  it('suggests at least 100 cities, each once', () => {
    expect(PK_CITIES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(PK_CITIES).size).toBe(PK_CITIES.length);
  });

  it("the address book form's checks: label, address and city required, the rule's province and postal code", () => {
    expect(addressBookFieldError('label', ' ')).toBe('Label is required.');
    expect(addressBookFieldError('label', 'x'.repeat(41))).toBe('Label must be at most 40 characters.');
    expect(addressBookFieldError('city', 'Chak Jhumra')).toBeUndefined();
    expect(addressBookFieldError('postalCode', '')).toBeUndefined();
    expect(addressBookFieldError('postalCode', '12')).toBe(ADDRESS_MESSAGES.postalCode);
    expect(addressBookFieldError('province', '')).toBe(ADDRESS_MESSAGES.province);
  });
});
