import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogVersion, countProducts, listCategories } from '#server/catalog/reads.ts';
import { loadSeedCatalogue, seedIfEmpty } from '#server/seed/index.ts';
import { testDatabases } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { DatabaseLockedError, openDatabase } from './client.ts';

describe.each(testDatabases)('database on $name', (target) => {
  it('migrates on open and seeds once (idempotent)', async () => {
    const handle = await target.open();
    try {
      expect(handle.kind).toBe(target.name);
      expect(await seedIfEmpty(handle.db, fixtureCatalogue)).toEqual({ seeded: true, categories: 4, products: 12, reviews: 6 });
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
      expect(result).toMatchObject({ seeded: true, products: seed.products.length });
      expect((await listCategories(handle.db)).map((c) => c.name)).toEqual(seed.categories.map((c) => c.name));
    } finally {
      await handle.close();
    }
  });

  it('a bad seed writes nothing', async () => {
    const handle = await target.open();
    try {
      const bad = { ...fixtureCatalogue, reviews: [{ productId: 'missing', userName: 'x', rating: 5, comment: 'x', date: '2024-01-01T00:00:00Z' }] };
      await expect(seedIfEmpty(handle.db, bad)).rejects.toThrow();
      expect(await listCategories(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe('embedded data directory', () => {
  it('keeps data between opens and refuses a second live opener', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiryana-db-'));
    const dataDir = join(dir, 'pglite');
    try {
      const first = await openDatabase({ dataDir });
      await seedIfEmpty(first.db, fixtureCatalogue);
      // Same process counts as live: a second open must fail, not share the files.
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
      await first.close();
      const again = await openDatabase({ dataDir });
      expect(await countProducts(again.db)).toBe(12);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
