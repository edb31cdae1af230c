/**
 * GET /api/products?q=: the store's search over the whole catalogue, on every test database.
 * Expected results come from the rule in JavaScript (createSearcher, src/lib/search/), so the SQL
 * is checked against the rule itself.
 */
import { describe, expect, it } from 'vitest';
import { salePrice } from '#lib/money.ts';
import { ProductPageSchema, type Product, type ProductInput } from '#lib/schemas/catalog.ts';
import { createSearcher } from '#lib/search/searcher.ts';
import { createApp } from '#server/app.ts';
import { fixtureCatalogue, fixtureProducts } from '#server/test/fixtures.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

/** Products whose names hold LIKE's own characters, and a word only in a description. */
const extra: ProductInput[] = [
  { _id: 'juice-100', name: '100% Mango Juice', description: 'No sugar added', category: 'Soft Drinks, Tea & Coffee', brand: 'Shezan', price: 250, stock: 5, createdAt: '2024-03-01T00:00:00Z' },
  { _id: 'juice-1000', name: '1000 Mango Juice Pack', description: 'Party size', category: 'Soft Drinks, Tea & Coffee', brand: 'Shezan', price: 900, stock: 5, createdAt: '2024-03-02T00:00:00Z' },
  { _id: 'snack-under', name: 'snack_bar oats', description: 'Crunchy', category: 'Food Cupboard', brand: 'Bisconni', price: 60, stock: 5, createdAt: '2024-03-03T00:00:00Z' },
  { _id: 'snack-plain', name: 'snackXbar oats', description: 'Chewy', category: 'Food Cupboard', brand: 'Bisconni', price: 70, stock: 5, createdAt: '2024-03-04T00:00:00Z' },
  { _id: 'slash-pack', name: 'Tea Bags 2\\3 Pack', description: 'Sampler', category: 'Soft Drinks, Tea & Coffee', brand: 'Lipton', price: 400, stock: 5, createdAt: '2024-03-05T00:00:00Z' },
  { _id: 'desc-only', name: 'Kitchen Roll', description: 'Extra ABSORBENT sheets, twin pack', category: 'Pets, Home & Garden', brand: 'Rose Petal', price: 350, stock: 5, createdAt: '2024-03-06T00:00:00Z' },
];
const catalogue = { ...fixtureCatalogue, products: [...fixtureProducts, ...extra] };
const total = catalogue.products.length;

/** The rule in JavaScript over the API's own products: what `term` finds (a term without words finds all). */
function finder(list: readonly Product[]) {
  const searcher = createSearcher(list.map((p) => ({ ...p, id: p._id })));
  return (p: Product, term: string) => searcher.plan(term).clauses.length === 0 || searcher.search(term).some((found) => found.id === p._id);
}
let matches: (p: Product, term: string) => boolean = () => false;

describe.each(testDatabases)('GET /api/products?q= on $name', (target) => {
  const database = useDatabase(target, catalogue);
  const get = async (query: string) => {
    const app = createApp({ db: database().db, kind: database().kind, logError: () => {} });
    const res = await app.request(`/api/products?${query}`);
    return { status: res.status, body: (await res.json()) as { success: boolean; message?: string; data: any } };
  };
  const search = async (q: string, rest = '') => {
    const { status, body } = await get(`q=${encodeURIComponent(q)}&limit=500${rest}`);
    expect(status).toBe(200);
    return ProductPageSchema.parse(body.data);
  };
  const ids = async (q: string, rest = '') => (await search(q, rest)).products.map((p) => p._id).sort();
  let everything: Product[] = [];
  const expected = (q: string) => everything.filter((p) => matches(p, q)).map((p) => p._id).sort();

  it('loads the catalogue', async () => {
    everything = ProductPageSchema.parse((await get('limit=500')).body.data).products;
    expect(everything).toHaveLength(total);
    matches = finder(everything);
  });

  it('every word must appear: more words narrow the result (AND, not OR)', async () => {
    expect(await ids('adams')).toEqual(['butter-200g', 'cheese-slices']);
    expect(await ids('adams butter')).toEqual(['butter-200g']);
    expect(await ids('adams pepsi')).toEqual([]);
    expect(await ids('mango juice pack')).toEqual(['juice-1000']);
  });

  it('ignores case in the term and in the product', async () => {
    expect(await ids('ADAMS Cheese')).toEqual(['cheese-slices']);
    expect(await ids('absorbent')).toEqual(['desc-only']);
    expect(await ids('oLpErS')).toEqual(['milk-1l']);
  });

  it('looks in each of name, description, category and brand', async () => {
    expect(await ids('zinger')).toEqual(['zzz-last']); // name
    expect(await ids('sheets')).toEqual(['desc-only']); // description only
    expect(await ids('garden')).toEqual(['desc-only']); // category name only
    expect(await ids('youngs')).toEqual(['zzz-last']); // brand only
    expect(await ids('chilled')).toEqual(fixtureProducts.filter((p) => p.category === 'Fresh & Chilled Food').map((p) => p._id).sort());
    // one word in the brand, another in the category
    expect(await ids('mitchells cupboard')).toEqual(['dal-mash-1kg']);
  });

  it('matches from the start of words, not inside them, and agrees with the rule for many terms', async () => {
    expect(await ids('ang')).toEqual([]); // inside "mango": not a match (too short for a typo)
    expect(await ids('mang')).toEqual(['juice-100', 'juice-1000']);
    for (const q of ['a', 'e', 'ch', 'rice', 'milk 1l', 'food cup', 'tea', 'pack', 'o a', '&', ',', 'ss', 'ol', 'fo']) {
      expect(await ids(q), q).toEqual(expected(q));
    }
  });

  it('reads %, _ and \\ as what separates words, never as wildcards', async () => {
    expect((await search('100%')).products.map((p) => p._id)).toEqual(['juice-100', 'juice-1000']);
    expect(await ids('snack_bar')).toEqual(['snack-under']);
    expect(await ids('2\\3')).toEqual(['slash-pack']);
    // Without a letter or digit there is no search.
    for (const q of ['%', '_', '\\']) expect((await search(q)).pagination.total, q).toBe(total);
  });

  it('combines with the category filter', async () => {
    expect(await ids('mango', '&category=drinks')).toEqual(['juice-100', 'juice-1000']);
    expect(await ids('mango', '&category=cupboard')).toEqual([]);
    expect(await ids('oats', '&category=' + encodeURIComponent('Food Cupboard'))).toEqual(['snack-plain', 'snack-under']);
  });

  it('combines with the price and rating filters', async () => {
    expect(await ids('ch', '&minPrice=300&maxPrice=500')).toEqual(everything.filter((p) => matches(p, 'ch') && salePrice(p) >= 300 && salePrice(p) <= 500).map((p) => p._id).sort());
    expect(await ids('ch', '&rating=4.5')).toEqual(everything.filter((p) => matches(p, 'ch') && p.rating >= 4.5).map((p) => p._id).sort());
  });

  it('sorts the matches by every sort field both ways', async () => {
    const keys: Record<string, (p: Product) => string | number> = { createdAt: (p) => p.createdAt, price: salePrice, rating: (p) => p.rating, name: (p) => p.name.toLowerCase() };
    const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    for (const [sortBy, key] of Object.entries(keys)) {
      for (const order of ['asc', 'desc'] as const) {
        const got = (await search('ch', `&sortBy=${sortBy}&sortOrder=${order}`)).products.map((p) => p._id);
        const sign = order === 'asc' ? 1 : -1;
        const want = everything.filter((p) => matches(p, 'ch')).sort((x, y) => sign * (cmp(key(x), key(y)) || cmp(x._id, y._id)));
        expect(got, `${sortBy} ${order}`).toEqual(want.map((p) => p._id));
      }
    }
  });

  it('pages through the matches and counts them all in pagination', async () => {
    const want = expected('ch');
    expect(want.length).toBeGreaterThan(5);
    const first = (await get('q=ch&limit=5&sortBy=name&sortOrder=asc')).body.data;
    expect(first.pagination).toEqual({ page: 1, limit: 5, total: want.length, pages: Math.ceil(want.length / 5) });
    const seen: string[] = [];
    for (let page = 1; page <= first.pagination.pages; page++) {
      seen.push(...(await get(`q=ch&limit=5&sortBy=name&sortOrder=asc&page=${page}`)).body.data.products.map((p: Product) => p._id));
    }
    expect(seen.sort()).toEqual(want);
    // a page past the end has no row to count from, and still reports the total
    const past = (await get('q=ch&limit=5&page=99')).body.data;
    expect(past.products).toEqual([]);
    expect(past.pagination.total).toBe(want.length);
    expect((await get('q=adams%20pepsi')).body.data.pagination).toEqual({ page: 1, limit: 12, total: 0, pages: 0 });
  });

  it('an empty or blank q filters nothing', async () => {
    expect((await search('')).pagination.total).toBe(total);
    expect((await search('   ')).pagination.total).toBe(total);
    expect((await get('q=&limit=5')).body.data.products).toHaveLength(5);
  });

  it('refuses a term over 200 characters with a 400 naming q', async () => {
    const { status, body } = await get(`q=${'a'.repeat(201)}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/'q'/);
  });
});
