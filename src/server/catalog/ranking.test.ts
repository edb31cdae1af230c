import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, type Product } from '#lib/schemas/catalog.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { words } from '#lib/search/fold.ts';
import { createSearcher } from '#lib/search/searcher.ts';
import * as seedCatalogue from '#server/seed/catalogue.ts';
import { synonyms } from '#server/db/schema.ts';
import { appOn } from '#server/test/catalog-api.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { catalogueCacheFor } from './cache.ts';
import { searchesByIndex, searchIndexReady, searchWithSqlOnly } from './search-index.ts';

const seed = { categories: seedCatalogue.categories, products: seedCatalogue.products, reviews: seedCatalogue.reviews };

const root = new URL('../../../', import.meta.url);
const readJson = <T,>(path: string): T | undefined => (existsSync(new URL(path, root)) ? (JSON.parse(readFileSync(new URL(path, root), 'utf8')) as T) : undefined);

/** The shop's dictionary as shipped with the seed, or (before it exists) a small one of the same kinds. */
const dictionary: SynonymEntry[] = readJson<{ synonyms: SynonymEntry[] }>('src/server/seed/synonyms.json')?.synonyms ?? [
  { words: ['chawal', 'chaawal', 'چاول'], means: ['rice'] },
  { words: ['doodh', 'dudh', 'دودھ'], means: ['milk'] },
  { words: ['chai', 'چائے'], means: ['tea'] },
  { words: ['aata', 'atta', 'آٹا'], means: ['flour', 'atta'] },
  { words: ['namak', 'نمک'], means: ['salt'] },
  { words: ['anda', 'anday', 'انڈے'], means: ['eggs'] },
  { words: ['tel', 'تیل'], means: ['cooking oil', 'oil'] },
  { words: ['cold drink', 'cold drinks'], means: ['soft drink', 'cola', 'pepsi'] },
  { words: ['coke'], means: ['coca cola'] },
  { words: ['olpers'], means: ["olper's"] },
  { words: ['surf'], means: ['surf excel', 'washing powder'] },
  { words: ['washing powder'], means: ['detergent'] },
  { words: ['sabun', 'صابن'], means: ['soap'] },
  { words: ['cheeni', 'چینی'], means: ['sugar'] },
];

/** The test set's terms (scripts/bench/search-queries.json) when it exists. */
const testSet: string[] = (readJson<{ q: string }[]>('scripts/bench/search-queries.json') ?? []).map((entry) => entry.q);

/** Terms of every kind the rule reads, besides those picked from the catalogue (queriesFrom). */
const handWritten = [
  'tea', 'atta', 'milk', 'green tea', 'rice', 'tapal', 'oil', 'a', 'drinks tea', 'chawal', 'aata', 'namak', 'anda', 'tel',
  'nescafe', 'olpers', 'coke', 'kelloggs', 'k&n', 'kn', 'cornflakes', 'corn flakes', 'coca cola', 'coca-cola', 'biscuits',
  'batteries', 'egg', 'eggs', 'pampars', 'tomatos', 'bananna', 'cold drink', 'washing powder', 'surf', 'doodh', 'chai',
  'چاول', 'دودھ', 'چائے', 'آٹا', 'نمک', 'ٹماٹر', 'آٹآ', 'كتاب', 'ي', 'NESCAFÉ', 'Olper’s', 'olper\'s milk', '1.5l', '1 5l', '250ml',
  '%', '_', '\\', '.*', 'a.b', '(', '[', 'tea+', '%milk%', 'mi_k', "'", '"', 'x'.repeat(30), 'zzzz nothing', 'the', 'and tea',
  '😀 tea', '\u200ftea\u200f', 'چا\u200cول', 'tea tea tea', 'milk tea sugar rice oil', 'ch', 'c', 'mi', 'sh',
];

/** Words and prefixes from the seeded products, with typos made from them (a letter dropped, swapped, replaced) and pairs joined. */
function queriesFrom(list: readonly Product[]): string[] {
  const out: string[] = [];
  list.forEach((p, i) => {
    if (i % 5 !== 0) return;
    const w = words(p.name).filter((x) => /^\p{L}+$/u.test(x));
    if (w.length === 0) return;
    const first = w[0];
    const last = w[w.length - 1];
    out.push(first, last.slice(0, 3), `${first} ${words(p.brand)[0] ?? ''}`.trim());
    if (w.length > 1) out.push(w[0] + w[1], `${w[0]} ${w[1]}`);
    if (last.length >= 5) {
      const k = Math.min(2, last.length - 2);
      out.push(last.slice(0, k) + last.slice(k + 1)); // dropped
      out.push(last.slice(0, k) + last[k + 1] + last[k] + last.slice(k + 2)); // swapped
      out.push(last.slice(0, k) + (last[k] === 'x' ? 'q' : 'x') + last.slice(k + 1)); // replaced
    }
    if (first.length >= 9) out.push(first.slice(0, 2) + first.slice(4)); // two dropped
  });
  return out;
}

/** Each database, answered by each engine: the index in memory, and the SQL (search-index.ts). */
const engines = testDatabases.flatMap((target) => (['index', 'sql'] as const).map((engine) => ({ ...target, engine })));

describe.each(engines)('search in the API on $name, answered by the $engine', (target) => {
  const database = useDatabase(target, seed);
  const app = () => appOn(database());
  const page = async (query: string) => {
    const res = await app().request(`/api/products?${query}`);
    expect(res.status, query).toBe(200);
    return ((await res.json()) as { data: { products: Product[]; pagination: { pages: number; total: number } } }).data;
  };
  const ids = async (query: string) => (await page(query)).products;
  /** Every product a term finds, in order, over every page. */
  const everything = async (term: string, limit = MAX_PAGE_SIZE) => {
    const found: string[] = [];
    for (let n = 1; ; n++) {
      const { products, pagination } = await page(`q=${encodeURIComponent(term)}&limit=${limit}&page=${n}`);
      found.push(...products.map((p) => p._id));
      if (n >= pagination.pages) {
        expect(found.length, term).toBe(pagination.total);
        return found;
      }
    }
  };

  beforeAll(async () => {
    const { db } = database();
    await db.insert(synonyms).values(dictionary);
    catalogueCacheFor(db).catalogueChanged();
    searchWithSqlOnly(db, target.engine === 'sql');
    if (target.engine === 'index') await searchIndexReady(db);
  });
  afterAll(() => {
    // The engine named answered: the index stays current through these tests (none changes the
    // catalogue), the SQL answers all when told to.
    const byIndex = searchesByIndex(database().db);
    if (target.engine === 'index') expect(byIndex).toBeGreaterThan(300);
    else expect(byIndex).toBe(0);
  });

  it('"tea": the teas first, not the drinks that match through their category', async () => {
    const top = (await ids('q=tea&limit=5')).map((p) => p.name);
    expect(top).toHaveLength(5);
    for (const name of top) expect(name).toMatch(/\btea\b/i);
    const all = await ids(`q=tea&limit=${MAX_PAGE_SIZE}`);
    const lastTea = all.findLastIndex((p) => /\btea\b/i.test(p.name));
    const firstOther = all.findIndex((p) => !/tea/i.test(p.name));
    expect(lastTea).toBeLessThan(firstOther);
  });

  it('words match from their start: "atta" finds Sunridge Chakki Atta, not Chiffon Dupatta; "anda" no sandals, "tel" no Nutella', async () => {
    const names = (await ids('q=atta&limit=50')).map((p) => p.name);
    expect(names.slice(0, 3)).toContain('Sunridge Chakki Atta 10kg');
    expect(names).not.toContain('Chiffon Dupatta');
    for (const [term, not] of [['anda', /sandal/i], ['tel', /nutella/i]] as const) {
      for (const p of await ids(`q=${term}&limit=${MAX_PAGE_SIZE}`)) expect(p.name, term).not.toMatch(not);
    }
  });

  it('"milk": the milks first', async () => {
    const names = (await ids(`q=milk&limit=${MAX_PAGE_SIZE}`)).map((p) => p.name);
    for (const milk of ["Olper's Full Cream Milk 1L", 'Nestlé Milkpak UHT Milk 1L', 'Prema Fresh Pasteurised Milk 1L']) expect(names.slice(0, 12), milk).toContain(milk);
    for (const name of names.slice(0, 5)) expect(name).toMatch(/milk/i);
  });

  it('folding, the dictionary and typos reach the API: nescafe, olpers, chawal, چاول, pampars', async () => {
    const first = async (term: string) => (await ids(`q=${encodeURIComponent(term)}&limit=3`)).map((p) => p.name).join(' | ');
    expect(await first('nescafe')).toMatch(/nescaf/i);
    expect(await first('olpers')).toMatch(/olper/i);
    expect(await first('chawal')).toMatch(/rice/i);
    expect(await first('چاول')).toMatch(/rice/i);
    expect(await first('pampars')).toMatch(/pampers/i);
  });

  it('in stock before sold out among equals: "dupatta" puts Chiffon Dupatta (sold out) after the printed one', async () => {
    const names = (await ids('q=dupatta&limit=10')).map((p) => p.name);
    expect(names.indexOf('Printed Cotton Dupatta')).toBeLessThan(names.indexOf('Chiffon Dupatta'));
  });

  it('the same products in the same order as the rule in the browser (createSearcher over the same products and dictionary), for every term of the test set and 150 more', async () => {
    const all: Product[] = [];
    for (let n = 1; ; n++) {
      const { products, pagination } = await page(`limit=${MAX_PAGE_SIZE}&page=${n}`);
      all.push(...products);
      if (n >= pagination.pages) break;
    }
    const searcher = createSearcher(
      all.map((p) => ({ id: p._id, name: p.name, brand: p.brand, category: p.category, description: p.description, stock: p.stock, rating: p.rating })),
      dictionary,
    );
    const terms = [...new Set([...testSet, ...handWritten, ...queriesFrom(all)])];
    expect(terms.length).toBeGreaterThanOrEqual(150);
    let found = 0;
    for (const term of terms) {
      const expected = searcher.plan(term).clauses.length ? searcher.search(term).map((p) => p.id) : all.map((p) => p._id);
      const got = await everything(term);
      expect(got, term).toEqual(expected);
      if (got.length) found++;
    }
    // The terms are worth comparing: most find something.
    expect(found).toBeGreaterThan(terms.length / 2);
    // Some 540 terms, every page of each: a few seconds on a quiet machine.
  }, 240_000);

  it('sortBy=relevance is the default for a search and can be asked for; another sort still wins when asked', async () => {
    const plain = (await ids('q=tea&limit=20')).map((p) => p._id);
    expect((await ids('q=tea&limit=20&sortBy=relevance')).map((p) => p._id)).toEqual(plain);
    expect((await ids('q=tea&limit=20&sortBy=relevance&sortOrder=asc')).map((p) => p._id)).toEqual(plain);
    const byPrice = (await ids('q=tea&limit=20&sortBy=price&sortOrder=asc')).map((p) => p.price - p.discount);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const newest = (await ids('limit=5&sortBy=relevance')).map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  it('pages of a ranked search never overlap', async () => {
    const pages = [];
    for (let n = 1; n <= 4; n++) pages.push(...(await ids(`q=ch&limit=7&page=${n}`)).map((p) => p._id));
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages).toEqual((await ids('q=ch&limit=28')).map((p) => p._id));
  });

  it('a term without letters or digits is no search: every product, newest first', async () => {
    const none = await page('limit=5');
    for (const term of ['%', '.*', '_', '\\', '😀', '\u200f']) {
      const got = await page(`q=${encodeURIComponent(term)}&limit=5`);
      expect(got.products.map((p) => p._id), term).toEqual(none.products.map((p) => p._id));
      expect(got.pagination.total).toBe(none.pagination.total);
    }
  });

  it('a prefix that starts more tokens than are expanded is tested on each row, with the same answer', async () => {
    const { db } = database();
    const before = await everything('ch');
    // Fill search_terms with tokens that no product holds, so "ch" expands past the limit.
    await db.execute(sql`insert into search_terms select 'ch' || 'zz' || g from generate_series(1, 2100) g on conflict do nothing`);
    try {
      // Another page size: not the reply the catalogue cache holds from before.
      expect(await everything('ch', MAX_PAGE_SIZE - 1)).toEqual(before);
    } finally {
      await db.execute(sql`delete from search_terms where term like 'chzz%'`);
    }
  });
});
