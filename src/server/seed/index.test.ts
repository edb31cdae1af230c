import { describe, expect, it } from 'vitest';
import { tidySynonym } from '#lib/search/dictionary.ts';
import { exportCatalog } from '#server/catalog/export-catalog.ts';
import { catalogVersion, countProducts, listCategories } from '#server/catalog/reads.ts';
import { reviews } from '#server/db/schema.ts';
import { testDatabases } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { loadSeedCatalogue, seedIfEmpty } from './index.ts';

describe.each(testDatabases)('seeding on $name', (target) => {
  it('migrates on open and seeds once (idempotent)', async () => {
    const handle = await target.open();
    try {
      expect(handle.kind).toBe(target.name);
      expect(await seedIfEmpty(handle.db, fixtureCatalogue)).toEqual({ seeded: true, categories: 4, products: 12, reviews: 6, synonyms: 0 });
      const version = await catalogVersion(handle.db);
      expect((await seedIfEmpty(handle.db, fixtureCatalogue)).seeded).toBe(false);
      expect(await countProducts(handle.db)).toBe(12);
      expect(await catalogVersion(handle.db)).toBe(version);
    } finally {
      await handle.close();
    }
  });

  it('seeds the committed catalogue with its categories in order', async () => {
    const handle = await target.open();
    try {
      const seed = await loadSeedCatalogue();
      const result = await seedIfEmpty(handle.db);
      expect(result).toMatchObject({ seeded: true, products: seed.products.length, synonyms: seed.synonyms!.length });
      // The search dictionary ships with the seed: a real shop's, written category by category.
      expect(result.synonyms).toBeGreaterThanOrEqual(150);
      expect((await listCategories(handle.db)).map((c) => c.name)).toEqual(seed.categories.map((c) => c.name));
      // What the store holds is the files: an export gives back the catalogue file, every review is there.
      const exported = JSON.parse(await exportCatalog(handle.db, 'json'));
      const byId = (a: { _id: string }, b: { _id: string }) => (a._id < b._id ? -1 : 1);
      expect(exported.categories).toEqual(seed.categories);
      // Every product of the seed is on sale, and export says so.
      expect(exported.products).toEqual([...seed.products].sort(byId).map((p) => ({ ...p, onSale: true })));
      expect(exported.synonyms).toEqual(seed.synonyms!.map(tidySynonym));
      const stored = (await handle.db.select().from(reviews)).map((r) => ({ productId: r.productId, userName: r.userName, rating: r.rating, comment: r.comment, date: r.createdAt.toISOString() }));
      const inOrder = (list: object[]) => list.map((r) => JSON.stringify(r)).sort();
      expect(inOrder(stored)).toEqual(inOrder(seed.reviews));
    } finally {
      await handle.close();
    }
  });

  it('a bad seed writes nothing', async () => {
    const handle = await target.open();
    try {
      const bad = { ...fixtureCatalogue, reviews: [{ productId: 'missing', userName: 'x', rating: 5, comment: 'x', date: '2024-01-01T00:00:00Z' }] };
      await expect(seedIfEmpty(handle.db, bad)).rejects.toThrow("Review 1, field productId: unknown product 'missing'");
      expect(await listCategories(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
