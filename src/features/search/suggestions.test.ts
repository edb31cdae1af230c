import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from './index-file.ts';
import { decodeIndex, suggest, suggestByName, wantsSuggestions } from './suggestions.ts';

const p = (i: number, name: string, description = '') => ({ _id: `p-${i}`, name, description, category: 'Food Cupboard', brand: 'Shan', price: 100 + i, discount: i % 2 ? 10 : 0 });
const list = [p(0, 'Shan Biryani Masala'), p(1, 'Shan Tikka Masala'), p(2, 'National Ketchup', 'tomato'), ...Array.from({ length: 10 }, (_, i) => p(3 + i, `Masala Mix ${i}`))];
const index = decodeIndex(buildSearchIndex(list));

describe('wantsSuggestions', () => {
  it('needs more than 2 characters once trimmed', () => {
    expect(wantsSuggestions('ab')).toBe(false);
    expect(wantsSuggestions('  ab  ')).toBe(false);
    expect(wantsSuggestions('abc')).toBe(true);
  });
});

describe('suggest', () => {
  it('keeps the first 5 matches, ranked by name', () => {
    expect(suggest(index, 'masala').map((s) => s.name)).toEqual(['Masala Mix 0', 'Masala Mix 1', 'Masala Mix 2', 'Masala Mix 3', 'Masala Mix 4']);
    expect(suggest(index, 'ANI masala').map((s) => s.name)).toEqual(['Shan Biryani Masala']);
  });
  it('needs every word, ignoring case, in any field', () => {
    expect(suggest(index, 'TOMATO ketch').map((s) => s.id)).toEqual(['p-2']);
    expect(suggest(index, 'cupboard biryani').map((s) => s.id)).toEqual(['p-0']);
    expect(suggest(index, 'masala ketchup')).toEqual([]);
  });
  it('gives the sale price and a link-ready id', () => {
    expect(suggest(index, 'tikka')).toEqual([{ id: 'p-1', name: 'Shan Tikka Masala', price: 91, image: '' }]);
  });
  it('gives nothing for a blank term', () => {
    expect(suggest(index, '   ')).toEqual([]);
  });
});

describe('suggestByName', () => {
  it('filters by name only, keeping 5', () => {
    const items = list.map((x) => ({ name: x.name, description: x.description }));
    expect(suggestByName(items, 'tomato')).toEqual([]);
    expect(suggestByName(items, 'MIX')).toHaveLength(5);
  });
});
