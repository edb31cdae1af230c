import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from './index-file.ts';
import fc from 'fast-check';
import { cardSearchText } from '#lib/search-carried.ts';
import { createSearcher } from '#lib/search/searcher.ts';
import { decodeIndex, suggest, suggestFromPage, wantsSuggestions } from './suggestions.ts';

const p = (i: number, name: string, description = '') => ({ _id: `p-${i}`, name, description, category: 'Food Cupboard', brand: 'Shan', price: 100 + i, discount: i % 2 ? 10 : 0, stock: 5, rating: 4 });
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
  it('keeps the best 5 matches by the rule, then by name among equals', () => {
    expect(suggest(index, 'masala').map((s) => s.name)).toEqual(['Masala Mix 0', 'Masala Mix 1', 'Masala Mix 2', 'Masala Mix 3', 'Masala Mix 4']);
    expect(suggest(index, 'masala', 12).slice(-2).map((s) => s.name)).toEqual(['Shan Biryani Masala', 'Shan Tikka Masala']);
    expect(suggest(index, 'BIRY masala').map((s) => s.name)).toEqual(['Shan Biryani Masala']);
  });
  it('matches words from their start, never inside other words', () => {
    expect(suggest(index, 'ANI masala')).toEqual([]);
    expect(suggest(index, 'sala')).toEqual([]);
  });
  it('needs every word, ignoring case, in any field; forgives a slip in a longer word', () => {
    expect(suggest(index, 'TOMATO ketch').map((s) => s.id)).toEqual(['p-2']);
    expect(suggest(index, 'tomatoes').map((s) => s.id)).toEqual(['p-2']);
    expect(suggest(index, 'cupboard biryani').map((s) => s.id)).toEqual(['p-0']);
    expect(suggest(index, 'biriyani').map((s) => s.id)).toEqual(['p-0']);
    expect(suggest(index, 'masala ketchup')).toEqual([]);
  });
  it("finds by the shop's dictionary, which the index carries", () => {
    const withWords = decodeIndex(buildSearchIndex(list, [{ words: ['chutney', 'چٹنی'], means: ['ketchup'] }]));
    expect(suggest(withWords, 'chutney').map((s) => s.id)).toEqual(['p-2']);
    expect(suggest(withWords, 'چٹنی').map((s) => s.id)).toEqual(['p-2']);
    expect(suggest(index, 'chutney')).toEqual([]);
  });
  it('gives the sale price and a link-ready id', () => {
    expect(suggest(index, 'tikka')).toEqual([{ id: 'p-1', name: 'Shan Tikka Masala', price: 91, image: '' }]);
  });
  it('gives nothing for a blank term', () => {
    expect(suggest(index, '   ')).toEqual([]);
  });
});

describe('suggestFromPage', () => {
  const cards = list.map((x) => ({ id: x._id, name: x.name, search: cardSearchText(x) }));

  it('matches name, description, category and brand through the text a card carries, keeping 5', () => {
    expect(cards[2].search).toBe('Food Cupboard\nShan\ntomato');
    expect(suggestFromPage(cards, 'TOMATO').map((c) => c.id)).toEqual(['p-2']);
    expect(suggestFromPage(cards, 'cupboard biryani').map((c) => c.id)).toEqual(['p-0']);
    expect(suggestFromPage(cards, 'shan ketchup').map((c) => c.id)).toEqual(['p-2']);
    expect(suggestFromPage(cards, 'MIX')).toHaveLength(5);
    expect(suggestFromPage(cards, 'masala ketchup')).toEqual([]);
    expect(suggestFromPage(cards, '  ')).toEqual([]);
  });

  it('ranks as the index does, as far as a card tells: the name first, in stock before sold out, then the page order; never inside a word', () => {
    const drinks = 'Soft Drinks, Tea & Coffee';
    const card = (id: string, name: string, brand: string, stock: number) => ({ id, name, stock, search: cardSearchText({ name, brand, category: drinks, description: '' }) });
    const onPage = [card('7up', '7Up 1.5L', 'PepsiCo', 9), card('tapal', 'Tapal Danedar Tea 950g', 'Tapal', 0), card('lipton', 'Lipton Yellow Label Tea', 'Lipton', 4), card('steam', 'Steamed Rice', 'Guard', 3)];
    expect(suggestFromPage(onPage, 'tea').map((c) => c.id)).toEqual(['lipton', 'tapal', '7up', 'steam']);
    expect(suggestFromPage(onPage, 'steam').map((c) => c.id)).toEqual(['steam']);
    expect(suggestFromPage(onPage, 'drinks').map((c) => c.id)).toEqual(['7up', 'lipton', 'steam', 'tapal']);
  });

  it('matches by name alone a card without that text', () => {
    expect(suggestFromPage([{ name: 'National Ketchup' }], 'ketchup')).toHaveLength(1);
    expect(suggestFromPage([{ name: 'National Ketchup' }], 'tomato')).toEqual([]);
  });

  it('finds what the rule finds over the whole products (no dictionary) on arbitrary text: punctuation, unicode, repeated words (property)', () => {
    const wordy = fc.array(fc.oneof(fc.constantFrom('tea', 'Tea,', 'teas', 'ÇAY', 'İstanbul', 'ΣΊΣΥΦΟΣ', 'a-b', '—', 'x', 'Nescafé', 'چاول'), fc.string({ maxLength: 5 })), { maxLength: 8 }).map((w) => w.join(' '));
    const product = fc.record({ name: wordy, description: wordy, category: wordy, brand: wordy });
    fc.assert(
      fc.property(fc.array(product, { minLength: 1, maxLength: 6 }), fc.array(fc.oneof(wordy, fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 2 }), (products, terms) => {
        const onPage = products.map((p, i) => ({ i, name: p.name, search: cardSearchText(p) }));
        const searcher = createSearcher(products.map((p, i) => ({ ...p, id: String(i), stock: 1, rating: 0 })));
        for (const term of terms) {
          const want = searcher.search(term).map((p) => Number(p.id)).sort((a, b) => a - b);
          expect(suggestFromPage(onPage, term, Infinity).map((c) => c.i).sort((a, b) => a - b)).toEqual(want);
        }
      }),
      { numRuns: 300 },
    );
  });
});
