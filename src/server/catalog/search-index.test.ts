import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as seedCatalogue from '#server/seed/catalogue.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { catalogueCacheFor } from './cache.ts';
import { changeProduct, COMMAND_LINE_EDITOR } from './edit.ts';
import { listProducts, type ListOptions } from './list-products.ts';
import { currentSearchIndex, QUIET_MS, searchesByIndex, searchIndexReady, searchWithSqlOnly } from './search-index.ts';

const seed = { categories: seedCatalogue.categories, products: seedCatalogue.products, reviews: seedCatalogue.reviews };

type Rows = { rows: Record<string, unknown>[] };

describe.each(testDatabases)('the search index on $name', (target) => {
  const database = useDatabase(target, seed);

  /** The same listing answered by the index, then by the SQL. */
  async function bothEngines(q: ListOptions) {
    const { db } = database();
    await searchIndexReady(db);
    const before = searchesByIndex(db);
    const byIndex = await listProducts(db, q);
    expect(searchesByIndex(db), 'the index answered').toBe(before + 1);
    searchWithSqlOnly(db, true);
    try {
      return { byIndex, bySql: await listProducts(db, q) };
    } finally {
      searchWithSqlOnly(db, false);
    }
  }

  it('gives the pages the SQL gives, with every filter and sort, any page, with reviews or without', async () => {
    const { db } = database();
    const [{ category_id: categoryId }] = ((await db.execute(sql`select category_id from products where name like 'Tapal%' limit 1`)) as unknown as Rows).rows as { category_id: string }[];
    const queries: ListOptions[] = [];
    for (const q of ['tea', 'chai', 'milk', 'ch', 'pampars', 'cold drink', 'rice oil', 'zzzz'])
      for (const sortBy of [undefined, 'relevance', 'price', 'rating', 'name', 'createdAt'] as const)
        for (const sortOrder of ['asc', 'desc'] as const) queries.push({ q, sortBy, sortOrder, page: 1, limit: 7 });
    queries.push(
      { q: 'tea', categoryId, page: 1, limit: 50, sortOrder: 'desc' },
      { q: 'tea', categoryId: 'no-such-category', page: 1, limit: 50, sortOrder: 'desc' },
      { q: 'tea', minPrice: 200.5, maxPrice: 900.5, page: 1, limit: 50, sortOrder: 'desc' },
      { q: 'milk', rating: 4.2, page: 1, limit: 50, sortOrder: 'desc' },
      { q: 'ch', page: 3, limit: 5, sortOrder: 'desc' },
      { q: 'ch', page: 400, limit: 5, sortOrder: 'desc' },
      { q: 'tea', page: 1, limit: 3, sortOrder: 'desc', include: 'reviews' },
    );
    let found = 0;
    for (const q of queries) {
      const { byIndex, bySql } = await bothEngines(q);
      expect(byIndex, JSON.stringify(q)).toEqual(bySql);
      if (byIndex.products.length) found++;
    }
    expect(found).toBeGreaterThan(queries.length / 2);
  });

  it('ranks a product that sold out after those in stock at once, and back when restocked', async () => {
    const { db } = database();
    const found = async () => (await listProducts(db, { q: 'dupatta', page: 1, limit: 10, sortOrder: 'desc' })).products;
    const names = async () => (await found()).map((p) => p.name);
    await searchIndexReady(db);
    const before = await names();
    expect(before.indexOf('Printed Cotton Dupatta')).toBeLessThan(before.indexOf('Chiffon Dupatta'));
    const [{ id, stock }] = ((await db.execute(sql`select id, stock from products where name = 'Printed Cotton Dupatta'`)) as unknown as Rows).rows as { id: string; stock: number }[];
    const [{ id: chiffon }] = ((await db.execute(sql`select id from products where name = 'Chiffon Dupatta'`)) as unknown as Rows).rows as { id: string }[];
    try {
      // What an order and a restock do: change the stock, and tell this process's cache.
      await db.execute(sql`update products set stock = case when id = ${id} then 0 else 5 end where id in (${id}, ${chiffon})`);
      catalogueCacheFor(db).stockMoved([id, chiffon]);
      const answered = searchesByIndex(db);
      const after = await names();
      expect(searchesByIndex(db)).toBe(answered + 1);
      expect(after.indexOf('Chiffon Dupatta')).toBeLessThan(after.indexOf('Printed Cotton Dupatta'));
      // The products' rows show the stock now, not the one held before.
      expect((await found()).filter((p) => p._id === id || p._id === chiffon).map((p) => [p._id, p.stock])).toEqual([
        [chiffon, 5],
        [id, 0],
      ]);
    } finally {
      await db.execute(sql`update products set stock = case when id = ${id} then ${stock}::int else 0 end where id in (${id}, ${chiffon})`);
      catalogueCacheFor(db).stockMoved([id, chiffon]);
    }
    expect(await names()).toEqual(before);
  });

  it('after a catalogue change: the SQL answers at once, the new index once the catalogue has been quiet, and it finds the new name', async () => {
    const { db } = database();
    await searchIndexReady(db);
    const [{ id, version, name }] = ((await db.execute(sql`select id, version, name from products where name like 'Tapal%' order by id limit 1`)) as unknown as Rows).rows as { id: string; version: number; name: string }[];
    const zanzibar = () => listProducts(db, { q: 'zanzibari', page: 1, limit: 5, sortOrder: 'desc' });
    expect((await zanzibar()).products).toEqual([]);
    await changeProduct(db, id, version, { name: 'Zanzibari Chai 950g' }, COMMAND_LINE_EDITOR);
    catalogueCacheFor(db).catalogueChanged();
    const changedAt = performance.now();
    expect(await currentSearchIndex(db)).toBeUndefined();
    const answered = searchesByIndex(db);
    expect((await zanzibar()).products.map((p) => p._id)).toEqual([id]);
    expect(searchesByIndex(db), 'the SQL answered').toBe(answered);
    await searchIndexReady(db);
    expect(performance.now() - changedAt).toBeGreaterThanOrEqual(QUIET_MS - 1);
    expect((await zanzibar()).products.map((p) => p._id)).toEqual([id]);
    expect(searchesByIndex(db), 'the index answered').toBe(answered + 1);
    const [{ version: now }] = ((await db.execute(sql`select version from products where id = ${id}`)) as unknown as Rows).rows as { version: number }[];
    await changeProduct(db, id, now, { name }, COMMAND_LINE_EDITOR);
    catalogueCacheFor(db).catalogueChanged();
  });

  it('is not used while the database’s changes are not announced', async () => {
    const { db } = database();
    await searchIndexReady(db);
    const cache = catalogueCacheFor(db);
    const listening = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(cache), 'isListening')!;
    Object.defineProperty(cache, 'isListening', { get: () => false, configurable: true });
    try {
      expect(await currentSearchIndex(db)).toBeUndefined();
      await expect(searchIndexReady(db)).rejects.toThrow(/not announced/);
    } finally {
      delete (cache as unknown as Record<string, unknown>).isListening;
    }
    expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(cache), 'isListening')).toEqual(listening);
    expect(await currentSearchIndex(db)).toBeDefined();
  });
});
