/** The products list's question in the address: read back as written, defaults left out, nonsense dropped. */
import { describe, expect, it } from 'vitest';
import { filtersFromSearch, listQuery, searchOf, stockText } from './products-view.ts';

describe('the list in the address', () => {
  it('reads back what it writes', () => {
    const f = { q: 'atta', category: 'cupboard', stock: 'low', sale: 'off', page: 3 } as const;
    expect(searchOf(f)).toBe('?q=atta&category=cupboard&stock=low&sale=off&page=3');
    expect(filtersFromSearch(searchOf(f))).toEqual(f);
  });

  it('leaves the defaults out and drops what it does not know', () => {
    expect(searchOf({ page: 1 })).toBe('');
    expect(filtersFromSearch('?stock=some&sale=maybe&page=-2&q=%20')).toEqual({});
  });

  it('asks the API for 50 a page, all stock and both sales by default', () => {
    expect(listQuery({})).toEqual({ stock: 'all', sale: 'all', page: 1, limit: 50 });
  });

  it('says the stock in words', () => {
    expect([0, 1, 10, 11].map(stockText)).toEqual(['Out of stock', 'Low: 1', 'Low: 10', '11']);
  });
});
