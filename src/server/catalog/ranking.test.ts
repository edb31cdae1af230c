import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, type Product } from '#lib/schemas/catalog.ts';
import { compareRanked, relevance } from '#lib/search-rank.ts';
import { searchWords } from '#lib/search-match.ts';
import * as seedCatalogue from '#server/seed/catalogue.ts';
import { createApp } from '#server/app.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

const seed = { categories: seedCatalogue.categories, products: seedCatalogue.products, reviews: seedCatalogue.reviews };

/** search-rank.ts's order over products as the API returns them: what the SQL must agree with. */
function rankedInBrowser(list: readonly Product[], term: string): string[] {
  const words = searchWords(term);
  return list
    .map((p) => ({
      relevance: relevance({ name: p.name.toLowerCase(), brand: p.brand.toLowerCase(), category: p.category.toLowerCase() }, words),
      stock: p.stock,
      rating: p.rating,
      name: p.name,
      id: p._id,
    }))
    .sort(compareRanked)
    .map((p) => p.id);
}

describe.each(testDatabases)('search ranking in the API on $name', (target) => {
  const database = useDatabase(target, seed);
  const ids = async (query: string) => {
    const res = await createApp({ db: database().db, logError: () => {} }).request(`/api/products?${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { products: Product[] } }).data.products;
  };

  it('"tea": the teas first, not the drinks that match through their category', async () => {
    const top = (await ids('q=tea&limit=5')).map((p) => p.name);
    expect(top).toHaveLength(5);
    for (const name of top) expect(name).toMatch(/\btea\b/i);
    // A sold-out or lower-rated tea still comes before every product matched by its category alone.
    const all = await ids(`q=tea&limit=${MAX_PAGE_SIZE}`);
    const lastTea = all.findLastIndex((p) => /\btea\b/i.test(p.name));
    const firstOther = all.findIndex((p) => !/tea/i.test(p.name));
    expect(lastTea).toBeLessThan(firstOther);
  });

  it('"atta": Sunridge Chakki Atta before Chiffon Dupatta', async () => {
    const names = (await ids('q=atta&limit=10')).map((p) => p.name);
    expect(names[0]).toBe('Sunridge Chakki Atta 10kg');
    expect(names.indexOf('Chiffon Dupatta')).toBeGreaterThan(0);
  });

  it('"milk": the milks (Olper\'s, Milkpak, Prema) before Bananas and Rooh Afza', async () => {
    const names = (await ids(`q=milk&limit=${MAX_PAGE_SIZE}`)).map((p) => p.name);
    const at = (name: string) => names.indexOf(name);
    for (const milk of ["Olper's Full Cream Milk 1L", 'Nestlé Milkpak UHT Milk 1L', 'Prema Fresh Pasteurised Milk 1L']) {
      expect(at(milk), milk).toBeGreaterThanOrEqual(0);
      expect(at(milk), milk).toBeLessThan(at('Bananas (12 pcs)'));
      expect(at(milk), milk).toBeLessThan(at('Hamdard Rooh Afza 800ml'));
    }
    const first5 = names.slice(0, 5);
    for (const name of first5) expect(name).toMatch(/milk/i);
  });

  it('in stock before sold out among equals: "dupatta" puts Chiffon Dupatta (sold out) after the printed one', async () => {
    const names = (await ids('q=dupatta&limit=10')).map((p) => p.name);
    expect(names.indexOf('Printed Cotton Dupatta')).toBeLessThan(names.indexOf('Chiffon Dupatta'));
  });

  it.each(['tea', 'atta', 'milk', 'green tea', 'rice', 'tapal', 'oil', 'a', 'drinks tea'])('"%s": the same order as the browser\'s ranking', async (term) => {
    const list = await ids(`q=${encodeURIComponent(term)}&limit=${MAX_PAGE_SIZE}`);
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((p) => p._id)).toEqual(rankedInBrowser(list, term));
  });

  it('sortBy=relevance is the default for a search and can be asked for; another sort still wins when asked', async () => {
    const plain = (await ids('q=tea&limit=20')).map((p) => p._id);
    expect((await ids('q=tea&limit=20&sortBy=relevance')).map((p) => p._id)).toEqual(plain);
    expect((await ids('q=tea&limit=20&sortBy=relevance&sortOrder=asc')).map((p) => p._id)).toEqual(plain);
    const byPrice = (await ids('q=tea&limit=20&sortBy=price&sortOrder=asc')).map((p) => p.price - p.discount);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    // Without words, relevance is the newest first.
    const newest = (await ids('limit=5&sortBy=relevance')).map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it('pages of a ranked search never overlap', async () => {
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(...(await ids(`q=a&limit=7&page=${page}`)).map((p) => p._id));
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages).toEqual((await ids('q=a&limit=28')).map((p) => p._id));
  });

  it('words that are regular-expression or LIKE characters are taken literally', async () => {
    for (const term of ['(', 'a.b', '[', '%', '_', '\\', '.*', 'tea+']) {
      const res = await createApp({ db: database().db, logError: () => {} }).request(`/api/products?q=${encodeURIComponent(term)}`);
      expect(res.status, term).toBe(200);
    }
    expect(await ids('q=.*')).toEqual([]);
  });
});
