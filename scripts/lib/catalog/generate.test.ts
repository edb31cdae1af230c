import { describe, expect, it } from 'vitest';
import { summarizeRatings, type RatingsByStar } from '#lib/ratings.ts';
import { productRecords } from '#server/catalog/bulk.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { bulkInsertProducts, generateProducts, replaceWithGenerated, seedMaterial } from './generate.ts';

describe('generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = generateProducts(500, { seed: 42, images: ['/images/products/a.webp', '/images/products/b.webp'] });
    expect(generateProducts(500, { seed: 42, images: ['/images/products/a.webp', '/images/products/b.webp'] })).toEqual(a);
    expect(generateProducts(500, { seed: 43 })).not.toEqual(a);
    expect(new Set(a.map((p) => p._id)).size).toBe(500);
  });

  it('spreads products over 13 categories with realistic values', () => {
    const list = generateProducts(2600, { seed: 1 });
    expect(new Set(list.map((p) => p.category)).size).toBe(13);
    expect(list.some((p) => p.stock === 0)).toBe(true);
    expect(list.some((p) => (p.stock as number) >= 1 && (p.stock as number) <= 5)).toBe(true);
    expect(list.some((p) => (p.discount as number) > 0)).toBe(true);
    for (const p of list) {
      expect(p.discount as number).toBeLessThanOrEqual(p.price as number);
      const byStar = { '1': p.ratings1, '2': p.ratings2, '3': p.ratings3, '4': p.ratings4, '5': p.ratings5 } as RatingsByStar;
      for (const n of Object.values(byStar)) expect(Number.isInteger(n) && n >= 0).toBe(true);
      expect(p).not.toHaveProperty('rating');
    }
    const summaries = list.map((p) => summarizeRatings({ '1': p.ratings1, '2': p.ratings2, '3': p.ratings3, '4': p.ratings4, '5': p.ratings5 } as RatingsByStar));
    expect(summaries.some((s) => s.numRatings === 0)).toBe(true);
    expect(summaries.filter((s) => s.numRatings > 100).every((s) => s.rating >= 3.4 && s.rating <= 4.8)).toBe(true);
    const times = list.map((p) => Date.parse(p.createdAt!));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(300 * 24 * 3600 * 1000);
  });
});

describe.each(testDatabases)('bulk insert on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  it('replaces all products with generated ones, in batches', async () => {
    const { db } = database();
    // How long the insert takes is a bench figure (bench:build, bench:search and bench:edit print it).
    await replaceWithGenerated(db, 12_000, 3);
    const records = await productRecords(db);
    expect(records).toHaveLength(12_000);
    const { images } = await seedMaterial();
    const sample = generateProducts(12_000, { seed: 3, images, categories: ['Fresh & Chilled Food', 'Food Cupboard', 'Soft Drinks, Tea & Coffee', 'Pets, Home & Garden'] })[7];
    expect(records.find((r) => r._id === sample._id)).toMatchObject({ name: sample.name, price: sample.price, createdAt: sample.createdAt });
  });

  it('rejects an unknown category before writing anything', async () => {
    const { db } = database();
    await expect(bulkInsertProducts(db, [{ _id: 'x', name: 'X', category: 'Nope', price: 1 }])).rejects.toThrow(/unknown category/);
  });
});
