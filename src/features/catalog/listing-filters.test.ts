import { describe, expect, it } from 'vitest';
import { salePrice } from '#lib/money.ts';
import { categories, products } from '#server/seed/catalogue.ts';
import { DEFAULT_FILTERS, listingCountText, listingPath, parseFilters, priceStops, snapPrice } from './listing-filters.ts';
import { PRICE_MAX } from './listing-state.ts';

/** What a stop lets through: the products at or under it. */
const through = (prices: number[], stop: number) => prices.filter((p) => p <= stop).length;

describe('priceStops', () => {
  it('gives every seeded category a handful of round stops, each letting through more than the last and fewer than all', () => {
    for (const category of categories) {
      const prices = products.filter((p) => p.category === category.name).map((p) => salePrice({ price: Number(p.price), discount: Number(p.discount ?? 0) }));
      const stops = priceStops(prices);
      expect(stops.at(-1), category.name).toBe(PRICE_MAX);
      const limits = stops.slice(0, -1);
      expect(limits.length, category.name).toBeGreaterThanOrEqual(3);
      expect(limits.length, category.name).toBeLessThanOrEqual(6);
      const counts = limits.map((s) => through(prices, s));
      for (const [i, count] of counts.entries()) {
        expect(count, `${category.name} ${limits[i]}`).toBeGreaterThan(i === 0 ? 0 : counts[i - 1]);
        expect(count, `${category.name} ${limits[i]}`).toBeLessThan(prices.length);
      }
      // Round prices: at most two significant figures (Rs. 150, 1,200, 7,500).
      for (const stop of limits) expect(Number(String(stop).replace(/0+$/, '')), String(stop)).toBeLessThan(100);
      // Nothing near the old top: the highest limit is below the category's dearest product.
      expect(Math.max(...limits)).toBeLessThan(Math.max(...prices));
    }
  });

  it('follows the prices it is given', () => {
    // 14 prices: the ranks 2, 4, 6, 8, 10 and 12 of 14, each rounded up to a round price.
    expect(priceStops([60, 75, 90, 120, 150, 180, 240, 300, 450, 600, 900, 1200, 2400, 3000])).toEqual([100, 150, 250, 500, 1_000, 2_500, PRICE_MAX]);
    // The same prices ten times dearer: the stops follow.
    expect(priceStops([600, 750, 900, 1200, 1500, 1800, 2400, 3000, 4500, 6000, 9000, 12000, 24000, 30000])).toEqual([1_000, 1_500, 2_500, 5_000, 10_000, 25_000, PRICE_MAX]);
  });

  it('is no limit alone for a category of one price or none, and ignores what is not a price', () => {
    expect(priceStops([])).toEqual([PRICE_MAX]);
    expect(priceStops([250])).toEqual([PRICE_MAX]);
    expect(priceStops([250, 250, 250])).toEqual([PRICE_MAX]);
    expect(priceStops([Number.NaN, -5, 0, 100, 900])).toEqual([100, PRICE_MAX]);
  });
});

describe('the URL with category stops', () => {
  const stops = [150, 300, 600, 1_200, PRICE_MAX];
  it('snaps a maximum price to the page\'s stops: a stale link lands on the stop above it, or no limit', () => {
    expect(parseFilters(new URLSearchParams('maxPrice=300'), stops).maxPrice).toBe(300);
    expect(parseFilters(new URLSearchParams('maxPrice=301'), stops).maxPrice).toBe(600);
    expect(parseFilters(new URLSearchParams('maxPrice=500000'), stops).maxPrice).toBe(PRICE_MAX);
    expect(snapPrice(1, stops)).toBe(150);
  });
});

describe('listingPath', () => {
  const here = '/category/bakery/page/2/';
  const first = '/category/bakery/';
  it('keeps a later static page while it shows what is asked (a view change alone)', () => {
    expect(listingPath(DEFAULT_FILTERS, here, first)).toBe(here);
    expect(listingPath({ ...DEFAULT_FILTERS, view: 'list' }, here, first)).toBe(here);
  });
  it('goes to the first page for another sort or a filter, which list from the first product', () => {
    expect(listingPath({ ...DEFAULT_FILTERS, sort: 'price-asc' }, here, first)).toBe(first);
    expect(listingPath({ ...DEFAULT_FILTERS, rating: 4 }, here, first)).toBe(first);
  });
});

describe('listingCountText', () => {
  it('says "matching your filters" only when a filter leaves some of the category out', () => {
    expect(listingCountText(30, 30, { ...DEFAULT_FILTERS, sort: 'price-asc' }, 30)).toBe('Showing 30 of 30 products');
    expect(listingCountText(30, 30, { ...DEFAULT_FILTERS, maxPrice: 5_000 }, 30)).toBe('Showing 30 of 30 products');
    expect(listingCountText(12, 12, { ...DEFAULT_FILTERS, maxPrice: 500 }, 30)).toBe('Showing 12 of 12 products matching your filters');
  });
});
