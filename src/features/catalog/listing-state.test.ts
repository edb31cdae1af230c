import { describe, expect, it } from 'vitest';
import { DEFAULT_SEARCH, PRICE_MAX, SORTS, parseSearch, productsQuery, searchQuery, type Filters } from './listing-state.ts';
import { DEFAULT_FILTERS, PRICE_STEPS, SORT_KEYS, filtersActive, filtersQuery, parseFilters, showsStaticListing, snapPrice } from './listing-filters.ts';

const params = (qs: string) => new URLSearchParams(qs);

describe('SORTS', () => {
  it('are the 7 sorts of the category page, each an API sortBy and sortOrder', () => {
    expect(SORT_KEYS).toEqual(['newest', 'oldest', 'price-asc', 'price-desc', 'rating', 'name-asc', 'name-desc']);
    expect(SORT_KEYS.map((k) => `${SORTS[k].sortBy} ${SORTS[k].sortOrder}`)).toEqual([
      'createdAt desc', 'createdAt asc', 'price asc', 'price desc', 'rating desc', 'name asc', 'name desc',
    ]);
    expect(new Set(SORT_KEYS.map((k) => SORTS[k].label)).size).toBe(7);
  });
});

describe('parseFilters', () => {
  it('reads every field', () => {
    expect(parseFilters(params('sort=price-asc&maxPrice=5000&rating=4&view=list'))).toEqual({ sort: 'price-asc', maxPrice: 5000, rating: 4, view: 'list' });
  });
  it('gives the defaults for an empty or foreign query, never throwing', () => {
    expect(parseFilters(params(''))).toEqual(DEFAULT_FILTERS);
    expect(parseFilters(params('sort=toString&maxPrice=-5&rating=9&view=table'))).toEqual(DEFAULT_FILTERS);
    expect(parseFilters(params('sort=__proto__&maxPrice=1e3&rating=2.5'))).toEqual(DEFAULT_FILTERS);
    expect(parseFilters(params('maxPrice=&rating='))).toEqual(DEFAULT_FILTERS);
  });
  it('snaps a price between stops up to the next stop, and caps it at the maximum', () => {
    expect(parseFilters(params('maxPrice=1200')).maxPrice).toBe(2000);
    expect(parseFilters(params('maxPrice=99999999')).maxPrice).toBe(PRICE_MAX);
    expect(parseFilters(params('maxPrice=0')).maxPrice).toBe(PRICE_STEPS[0]);
  });
});

describe('filtersQuery', () => {
  it('leaves the defaults out', () => {
    expect(filtersQuery(DEFAULT_FILTERS)).toBe('');
    expect(filtersQuery({ ...DEFAULT_FILTERS, rating: 3 })).toBe('?rating=3');
  });
  it('round-trips through parseFilters for every sort, stop, rating and view', () => {
    for (const sort of SORT_KEYS) {
      for (const maxPrice of PRICE_STEPS) {
        for (const rating of [0, 1, 5]) {
          for (const view of ['grid', 'list'] as const) {
            const f: Filters = { sort, maxPrice, rating, view };
            expect(parseFilters(params(filtersQuery(f).slice(1)))).toEqual(f);
          }
        }
      }
    }
  });
});

describe('parseSearch and searchQuery', () => {
  it('read and write q, category, sort and view', () => {
    const s = parseSearch(params('q=%20basmati%20rice%20&category=food-cupboard&sort=rating&view=list'));
    expect(s).toEqual({ q: 'basmati rice', category: 'food-cupboard', sort: 'rating', view: 'list' });
    expect(searchQuery(s)).toBe('?q=basmati+rice&category=food-cupboard&sort=rating&view=list');
    expect(parseSearch(params(searchQuery(s).slice(1)))).toEqual(s);
  });
  it('an empty search is the empty query', () => {
    expect(parseSearch(params(''))).toEqual(DEFAULT_SEARCH);
    expect(searchQuery(DEFAULT_SEARCH)).toBe('');
    expect(searchQuery({ ...DEFAULT_SEARCH, q: 'a&b=c' })).toBe('?q=a%26b%3Dc');
  });
});

describe('filtersActive and showsStaticListing', () => {
  it('only price and rating filter; the static page shows newest first, unfiltered, in either view', () => {
    expect(filtersActive(DEFAULT_FILTERS)).toBe(false);
    expect(filtersActive({ ...DEFAULT_FILTERS, sort: 'oldest', view: 'list' })).toBe(false);
    expect(filtersActive({ ...DEFAULT_FILTERS, maxPrice: 500 })).toBe(true);
    expect(filtersActive({ ...DEFAULT_FILTERS, rating: 1 })).toBe(true);
    expect(showsStaticListing({ ...DEFAULT_FILTERS, view: 'list' })).toBe(true);
    expect(showsStaticListing({ ...DEFAULT_FILTERS, sort: 'oldest' })).toBe(false);
    expect(showsStaticListing({ ...DEFAULT_FILTERS, rating: 2 })).toBe(false);
  });
});

describe('productsQuery', () => {
  it('maps the sort and leaves filters that are off out', () => {
    expect(productsQuery(DEFAULT_FILTERS, 1)).toEqual({ sortBy: 'createdAt', sortOrder: 'desc', maxPrice: undefined, rating: undefined, page: 1, limit: 48 });
    expect(productsQuery({ sort: 'price-desc', maxPrice: 5000, rating: 4 }, 3, 10)).toEqual({ sortBy: 'price', sortOrder: 'desc', maxPrice: 5000, rating: 4, page: 3, limit: 10 });
  });
});

describe('snapPrice', () => {
  it('is a stop itself for every stop', () => {
    for (const step of PRICE_STEPS) expect(snapPrice(step)).toBe(step);
  });
});

describe('the search page sorts by Best Match unless asked otherwise', () => {
  it('parses, serialises and asks the API for relevance by default; the category page keeps Newest', () => {
    const state = parseSearch(new URLSearchParams('q=tea'));
    expect(state.sort).toBe('relevance');
    expect(searchQuery(state)).toBe('?q=tea');
    expect(productsQuery(state, 1)).toMatchObject({ sortBy: 'relevance', sortOrder: 'desc' });
    expect(parseSearch(new URLSearchParams('q=tea&sort=newest')).sort).toBe('newest');
    expect(searchQuery({ ...state, sort: 'newest' })).toBe('?q=tea&sort=newest');
    expect(parseFilters(new URLSearchParams('sort=relevance')).sort).toBe('newest');
  });
});
