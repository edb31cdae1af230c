import { describe, expect, it } from 'vitest';
import { categoryRecords, productRecords } from '#server/catalog/bulk.ts';
import { catalogVersion } from '#server/catalog/reads.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { CSV_HEADER, fixtureCatalogue } from '#server/test/fixtures.ts';
import { exportCatalog, importCatalog, parseCatalog, validateCatalog } from './file-io.ts';

describe('validateCatalog', () => {
  const known = [{ _id: 'cupboard', name: 'Food Cupboard' }];
  it('names the row, the id and the field of every problem', () => {
    const file = parseCatalog(
      [
        CSV_HEADER,
        'atta-1kg,Atta 1kg,,Food Cupboard,Sunridge,150,,10,1,0,2,5,12,/images/a.webp|/images/b.webp,Weight: 1 kg; Origin: Pakistan,',
        'shan-biryani-masala-50g,Shan Biryani,,Food Cupboard,Shan,0,,5,,,,,4,,,',
        'Bad Id,X,,Food Cupboard,,10,20,1,many,1.5,,,-2,,,',
        'atta-1kg,Again,,Nowhere,,10,,1,,,,,,,Weight,',
      ].join('\n'),
      'csv',
    );
    const result = validateCatalog(file, known);
    expect(result.errors.map((e) => e.text)).toEqual([
      'Row 2 (shan-biryani-masala-50g), field price: must be above 0',
      'Row 3 (Bad Id), field _id: must be lowercase letters, digits and dashes',
      'Row 3 (Bad Id), field ratings1: must be a number',
      'Row 3 (Bad Id), field ratings2: must be a whole number',
      'Row 3 (Bad Id), field ratings5: must be at least 0',
      "Row 4 (atta-1kg), field specifications: expected 'Name: value' pairs separated by ';', got 'Weight'",
      'Row 4 (atta-1kg), field _id: duplicate of row 1',
      "Row 4 (atta-1kg), field category: unknown category 'Nowhere'",
    ]);
    expect(result.products[0]).toMatchObject({ images: ['/images/a.webp', '/images/b.webp'], specifications: [{ name: 'Weight', value: '1 kg' }, { name: 'Origin', value: 'Pakistan' }] });
    expect(result.products[0]).toMatchObject({ ratings1: 1, ratings2: 0, ratings3: 2, ratings4: 5, ratings5: 12 });
  });

  it('refuses a rating or a review count given as a figure of its own: they come from the per-star counts', () => {
    const json = parseCatalog(JSON.stringify([{ _id: 'tea', name: 'Tea', category: 'Food Cupboard', price: 100, rating: 4.9, numReviews: 400 }]), 'json');
    expect(validateCatalog(json, known).errors.map((e) => e.text)).toEqual([
      'Row 1 (tea), field rating: is computed from ratings1 to ratings5; give those instead',
      'Row 1 (tea), field numReviews: is computed from ratings1 to ratings5; give those instead',
    ]);
    const csv = parseCatalog('_id,name,category,price,rating,numReviews\ntea,Tea,Food Cupboard,100,4.9,3\n', 'csv');
    expect(validateCatalog(csv, known).errors.map((e) => e.field)).toEqual(['rating', 'numReviews']);
  });

  it('refuses fewer ratings of a star than the written reviews that carry it', () => {
    const file = parseCatalog(JSON.stringify([{ _id: 'tea', name: 'Tea', category: 'Food Cupboard', price: 100, ratings5: 1, ratings4: 0, ratings1: 3 }]), 'json');
    const written = new Map([['tea', { '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 }]]);
    expect(validateCatalog(file, known, written).errors.map((e) => e.text)).toEqual([
      'Row 1 (tea), field ratings5: must be at least 2: the product has 2 written 5-star reviews',
      'Row 1 (tea), field ratings4: must be at least 1: the product has 1 written 4-star review',
    ]);
  });

  it('accepts categories defined in the same JSON file and rejects discount above price', () => {
    const file = parseCatalog(JSON.stringify({ categories: [{ _id: 'tea', name: 'Tea' }], products: [{ _id: 'chai', name: 'Chai', category: 'Tea', price: 100 }, { _id: 'cha', name: 'Cha', category: 'tea', price: 100, discount: 101 }] }), 'json');
    expect(validateCatalog(file, known).errors.map((e) => e.text)).toEqual(['Row 2 (cha), field discount: must not be above the price (100)']);
  });

  it('gives the CSV line when a quoted field spans lines', () => {
    const file = parseCatalog(`${CSV_HEADER}\nok-1,"Two\nlines",,Food Cupboard,,10,,,,,,,,,,\nbad-2,B,,Food Cupboard,,-5,,,,,,,,,,`, 'csv');
    expect(validateCatalog(file, known).errors[0].text).toBe('Row 2 (bad-2), field price: must be above 0 [CSV line 4]');
  });
});

describe.each(testDatabases)('catalogue files on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);

  it('exports JSON and CSV that import back without changes', async () => {
    const { db } = database();
    const before = await productRecords(db);
    for (const format of ['json', 'csv'] as const) {
      const text = await exportCatalog(db, format);
      const result = await importCatalog(db, parseCatalog(text, format));
      expect(result, format).toMatchObject({ ok: true, created: 0, updated: before.length });
      expect(await productRecords(db), format).toEqual(before);
    }
    const csv = await exportCatalog(db, 'csv');
    expect(csv.split('\n')[0]).toBe(CSV_HEADER);
    expect(csv).toContain('/images/products/milk-1l.webp|/images/products/milk-1l-b.webp');
    expect(csv).toContain('Volume: 1 L');
  });

  it('imports new and changed products in one go', async () => {
    const { db } = database();
    const file = parseCatalog(JSON.stringify([{ _id: 'new-tea', name: 'New Tea', category: 'Soft Drinks, Tea & Coffee', price: 500 }, { _id: 'milk-1l', name: 'Olpers Milk 1L', category: 'fresh', price: 300, stock: 7 }]), 'json');
    const result = await importCatalog(db, file);
    expect(result).toMatchObject({ ok: true, created: 1, updated: 1 });
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
    expect(await importCatalog(db, file)).toMatchObject({ ok: true, created: 1, updated: 2 });
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
