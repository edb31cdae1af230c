/** The digests of what each product's pages show: every column placed, live figures left out, reviews counted. */
import { getTableColumns, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, reviews, synonyms } from '#server/db/schema.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { catalogueChange, catalogueDigests, NOT_SHOWN_COLUMNS, nothingChanged, SHOWN_COLUMNS } from './digests.ts';

describe('the digested columns', () => {
  it('place every column of products: shown on the pages, or not', () => {
    const columns = Object.values(getTableColumns(products)).map((c) => c.name).sort();
    expect([...SHOWN_COLUMNS, ...NOT_SHOWN_COLUMNS].sort()).toEqual(columns);
  });
});

describe.each(testDatabases)('catalogueDigests on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);

  it('changes for what the pages show, not for the live figures', async () => {
    const db = database().db;
    const before = await catalogueDigests(db);
    expect(Object.keys(before.products).length).toBe(fixtureCatalogue.products.length);
    await db.update(products).set({ price: 1, discount: 0, stock: 0, updatedAt: new Date() }).where(eq(products.id, 'milk-1l'));
    expect(nothingChanged(catalogueChange(before, await catalogueDigests(db)))).toBe(true);
    await db.update(products).set({ description: 'Fresh from the farm.' }).where(eq(products.id, 'milk-1l'));
    await db.insert(reviews).values({ productId: 'atta-10kg', userName: 'Bilal', rating: 4, comment: 'Good atta.' });
    const after = await catalogueDigests(db);
    const change = catalogueChange(before, after);
    expect([...change.changed].sort()).toEqual(['atta-10kg', 'milk-1l']);
    expect(change.removed).toEqual([]);
    expect(change.categoriesChanged).toBe(false);
  });

  it('takes a product off sale as gone (its page removed), and back on sale as added; the round trip is a change', async () => {
    const db = database().db;
    const before = await catalogueDigests(db);
    await db.update(products).set({ onSale: false, version: 2, updatedAt: new Date() }).where(eq(products.id, 'eggs-12'));
    const off = await catalogueDigests(db);
    expect('eggs-12' in off.products).toBe(false);
    expect(catalogueChange(before, off)).toEqual({ categoriesChanged: false, dictionaryChanged: false, changed: [], removed: ['eggs-12'] });
    await db.update(products).set({ onSale: true, version: 3, updatedAt: new Date() }).where(eq(products.id, 'eggs-12'));
    const back = await catalogueDigests(db);
    expect(catalogueChange(off, back)).toEqual({ categoriesChanged: false, dictionaryChanged: false, changed: ['eggs-12'], removed: [] });
    // Off sale and back between a build's digests and its read of the catalogue: the build may
    // have left the page out, so the product must differ from the digests it was saved with.
    expect(catalogueChange(before, back).changed).toEqual(['eggs-12']);
  });

  it('changes when the search dictionary does, and only then', async () => {
    const db = database().db;
    const before = await catalogueDigests(db);
    const [entry] = await db.insert(synonyms).values({ words: ['chawal'], means: ['rice'] }).returning();
    const added = await catalogueDigests(db);
    expect(catalogueChange(before, added)).toEqual({ categoriesChanged: false, dictionaryChanged: true, changed: [], removed: [] });
    expect(nothingChanged(catalogueChange(added, await catalogueDigests(db)))).toBe(true);
    await db.update(synonyms).set({ means: ['rice', 'basmati'] }).where(eq(synonyms.id, entry.id));
    expect(catalogueChange(added, await catalogueDigests(db)).dictionaryChanged).toBe(true);
    // A site built before its digests held the dictionary is rebuilt once.
    const { dictionary: _, ...older } = before;
    expect(catalogueChange(older, before).dictionaryChanged).toBe(true);
  });
});
