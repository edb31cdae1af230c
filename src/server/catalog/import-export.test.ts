import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categoryRecords, productRecords } from '#server/catalog/bulk.ts';
import { catalogVersion } from '#server/catalog/reads.ts';
import { openDatabase } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { CSV_HEADER, EXPORT_CSV_HEADER, fixtureCatalogue } from '#server/test/fixtures.ts';
import { exportCatalog } from './export-catalog.ts';
import { parseCatalog } from './file-format.ts';
import { importCatalog } from './import-catalog.ts';
import { validateCatalog } from './validate-catalog.ts';

describe.each(testDatabases)('catalogue files on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);

  it('exports JSON and CSV that import back without changes', async () => {
    const { db } = database();
    const before = await productRecords(db);
    for (const format of ['json', 'csv'] as const) {
      const text = await exportCatalog(db, format);
      const result = await importCatalog(db, parseCatalog(text, format));
      expect(result, format).toMatchObject({ ok: true, changes: { created: [], changed: [], unchanged: before.length } });
      expect(await productRecords(db), format).toEqual(before);
    }
    const csv = await exportCatalog(db, 'csv');
    // With UTF-8's mark, so that Excel opens it as UTF-8.
    expect(csv.split('\n')[0]).toBe(`\uFEFF${EXPORT_CSV_HEADER}`);
    expect(csv).toContain('/images/products/milk-1l.webp|/images/products/milk-1l-b.webp');
    expect(csv).toContain('Volume: 1 L');
  });

  it('carries onSale: exported as true or false, read back unchanged; a file without it keeps the stored value; a new product is on sale', async () => {
    const { db } = database();
    const onSale = async (id: string) => (await productRecords(db)).find((p) => p._id === id)?.onSale;
    try {
      await db.update(products).set({ onSale: false }).where(eq(products.id, 'pepsi-1-5l'));
      for (const format of ['json', 'csv'] as const) {
        const text = await exportCatalog(db, format);
        expect(text, format).toMatch(format === 'json' ? /"onSale": false/ : /,false,/);
        expect((await importCatalog(db, parseCatalog(text, format))).changes.changed, format).toEqual([]);
        expect(await onSale('pepsi-1-5l'), format).toBe(false);
      }
      // Left out (a JSON field, or an empty CSV cell), the product stays as it is.
      await importCatalog(db, parseCatalog(JSON.stringify([{ _id: 'pepsi-1-5l', name: 'Pepsi 1.5L', category: 'drinks', brand: 'Pepsi', price: 180 }]), 'json'));
      expect(await onSale('pepsi-1-5l')).toBe(false);
      const csv = (id: string, cell: string) => parseCatalog(['_id,name,category,brand,price,onSale', `${id},Pepsi 1.5L,drinks,Pepsi,180,${cell}`].join('\n'), 'csv');
      expect((await importCatalog(db, csv('pepsi-1-5l', ''))).changes).toMatchObject({ changed: [], unchanged: 1 });
      expect(await onSale('pepsi-1-5l')).toBe(false);
      const back = await importCatalog(db, csv('pepsi-1-5l', 'TRUE'));
      expect(back.changes.changed).toEqual([{ id: 'pepsi-1-5l', fields: ['onSale'] }]);
      expect(await onSale('pepsi-1-5l')).toBe(true);
      expect((await importCatalog(db, csv('pepsi-1-5l', 'false'))).changes.changed).toEqual([{ id: 'pepsi-1-5l', fields: ['onSale'] }]);
      expect(await onSale('pepsi-1-5l')).toBe(false);
      await importCatalog(db, parseCatalog(JSON.stringify([{ _id: 'new-cola', name: 'New Cola', category: 'drinks', price: 90 }]), 'json'));
      expect(await onSale('new-cola')).toBe(true);
      const bad = await importCatalog(db, csv('pepsi-1-5l', 'maybe'));
      expect(bad.errors.map((e) => e.text)).toEqual(['Row 2 (pepsi-1-5l), field onSale: must be true or false']);
    } finally {
      await db.update(products).set({ onSale: true }).where(eq(products.id, 'pepsi-1-5l'));
      await db.delete(products).where(eq(products.id, 'new-cola'));
    }
  });

  it('imports new and changed products in one go', async () => {
    const { db } = database();
    const file = parseCatalog(JSON.stringify([{ _id: 'new-tea', name: 'New Tea', category: 'Soft Drinks, Tea & Coffee', price: 500 }, { _id: 'milk-1l', name: 'Olpers Milk 1L', category: 'fresh', price: 300, stock: 7 }]), 'json');
    const result = await importCatalog(db, file);
    expect(result.changes).toEqual({ created: ['new-tea'], changed: [{ id: 'milk-1l', fields: ['brand', 'price', 'discount', 'stock', 'images', 'specifications'] }], unchanged: 0 });
    const records = await productRecords(db);
    expect(records.find((p) => p._id === 'milk-1l')).toMatchObject({ price: 300, stock: 7, createdAt: '2024-01-11T09:30:00.000Z' });
    expect(records.find((p) => p._id === 'new-tea')).toMatchObject({ category: 'Soft Drinks, Tea & Coffee', discount: 0 });
  });

  it('imports per-star counts, keeps stored ones when a file leaves them out, and refuses fewer than the written reviews', async () => {
    const { db } = database();
    const stars = (id: string) => productRecords(db).then((all) => {
      const p = all.find((r) => r._id === id)!;
      return [p.ratings1, p.ratings2, p.ratings3, p.ratings4, p.ratings5];
    });
    // basmati-5kg has three written reviews: 5, 4 and 5 stars.
    const fewer = parseCatalog(JSON.stringify([{ _id: 'basmati-5kg', name: 'Guard Basmati Rice 5kg', category: 'cupboard', price: 2400, ratings5: 1, ratings4: 1 }]), 'json');
    const refused = await importCatalog(db, fewer);
    expect(refused.errors.map((e) => e.text)).toEqual(['Row 1 (basmati-5kg), field ratings5: must be at least 2: the product has 2 written 5-star reviews']);
    expect(await stars('basmati-5kg')).toEqual([0, 0, 0, 3, 7]);

    const file = parseCatalog(
      [
        CSV_HEADER,
        'basmati-5kg,Guard Basmati Rice 5kg,,Food Cupboard,Guard,2400,300,25,,,,,,,,',
        'atta-10kg,Sunridge Chakki Atta 10kg,,Food Cupboard,Sunridge,1800,,1,2,,,,40,,,',
        'new-rice,New Rice,,Food Cupboard,,500,,3,,,,,,,,',
      ].join('\n'),
      'csv',
    );
    expect((await importCatalog(db, file)).changes).toMatchObject({ created: ['new-rice'], changed: [{ id: 'basmati-5kg' }, { id: 'atta-10kg' }] });
    expect(await stars('basmati-5kg')).toEqual([0, 0, 0, 3, 7]);
    expect(await stars('atta-10kg')).toEqual([2, 0, 0, 0, 40]);
    expect(await stars('new-rice')).toEqual([0, 0, 0, 0, 0]);
  });

  it('a bad row leaves the database unchanged', async () => {
    const { db } = database();
    const version = await catalogVersion(db);
    const before = await productRecords(db);
    const file = parseCatalog(JSON.stringify([{ _id: 'milk-1l', name: 'Changed', category: 'fresh', price: 1 }, { _id: 'broken', name: 'Broken', category: 'fresh', price: 0 }]), 'json');
    const result = await importCatalog(db, file);
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => e.text)).toEqual(['Row 2 (broken), field price: must be above 0']);
    expect(await productRecords(db)).toEqual(before);
    expect(await catalogVersion(db)).toBe(version);
  });

  it('a database error mid-import rolls everything back', async () => {
    const { db } = database();
    const before = await productRecords(db);
    // Two file categories with the same name: the second violates the unique name.
    const file = parseCatalog(JSON.stringify({ categories: [{ _id: 'x1', name: 'Same' }, { _id: 'x2', name: 'Same' }], products: [{ _id: 'milk-1l', name: 'Changed', category: 'x1', price: 5 }] }), 'json');
    await expect(importCatalog(db, file)).rejects.toThrow();
    expect(await productRecords(db)).toEqual(before);
  });

  it('catalogVersion changes when a product changes', async () => {
    const { db } = database();
    const version = await catalogVersion(db);
    await importCatalog(db, parseCatalog(JSON.stringify([{ _id: 'eggs-12', name: 'Farm Eggs 12', category: 'fresh', price: 430 }]), 'json'));
    expect(await catalogVersion(db)).not.toBe(version);
  });
});

describe('the seeded catalogue round-trips through export and import', () => {
  it.each(['csv', 'json'] as const)('as %s: every exported row validates and reads back the same', async (format) => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await seedIfEmpty(database.db);
      const before = await productRecords(database.db);
      const file = parseCatalog(await exportCatalog(database.db, format), format);
      const checked = validateCatalog(file, await categoryRecords(database.db));
      expect(checked.errors).toEqual([]);
      expect(checked.products).toHaveLength(before.length);
      const byId = new Map(checked.products.map((p) => [p._id, p]));
      for (const p of before) expect(byId.get(p._id)?.specifications, p._id).toEqual(p.specifications);
      await importCatalog(database.db, file);
      expect(await productRecords(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  });
});
