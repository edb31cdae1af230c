import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productTokens, SEARCH_RULE_VERSION } from '#lib/search/tokens.ts';
import { systemClock } from '#server/clock.ts';
import { products } from '#server/db/schema.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { bulkInsertProducts, replaceWithGenerated } from '../../../scripts/lib/catalog/generate.ts';
import { createCategoryEditor } from './categories-edit.ts';
import { bulkChange, changeProduct, COMMAND_LINE_EDITOR, createProduct } from './edit.ts';
import { parseCatalog } from './file-format.ts';
import { importCatalog } from './import-catalog.ts';
import { remakeStaleSearchColumns } from './search-columns.ts';
import type { Database } from '#server/db/client.ts';

/** The stored search columns of a product, and what the rule makes from its stored fields. */
async function stored(db: Database, id: string) {
  const result = await db.execute(sql`
    select p.name, p.brand, p.description, c.name as category, p.search_name, p.search_brand, p.search_category, p.search_more, p.search_rule
    from products p join categories c on c.id = p.category_id where p.id = ${id}`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows as {
    name: string; brand: string; description: string; category: string;
    search_name: string[]; search_brand: string[]; search_category: string[]; search_more: string[]; search_rule: number;
  }[];
  const expected = productTokens(row);
  return {
    held: { name: row.search_name, brand: row.search_brand, category: row.search_category, more: row.search_more, rule: row.search_rule },
    made: { ...expected, rule: SEARCH_RULE_VERSION },
  };
}

async function expectCurrent(db: Database, id: string) {
  const { held, made } = await stored(db, id);
  const sorted = (o: typeof held) => ({ name: [...o.name].sort(), brand: [...o.brand].sort(), category: [...o.category].sort(), more: [...o.more].sort(), rule: o.rule });
  expect(sorted(held), id).toEqual(sorted(made));
  expect(held.name.length, id).toBeGreaterThan(0);
}

async function terms(db: Database): Promise<Set<string>> {
  const result = await db.execute(sql`select term from search_terms`);
  return new Set((result as unknown as { rows: { term: string }[] }).rows.map((r) => r.term));
}

describe.each(testDatabases)('search columns on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);

  it('the seed writes every product\'s tokens by field (the category by name), and search_terms holds them all', async () => {
    const { db } = database();
    await expectCurrent(db, 'milk-1l');
    const { held } = await stored(db, 'tapal-danedar-950g');
    expect(held.name).toEqual(expect.arrayContaining(['tapal', 'danedar', 'tapaldanedar', '950g']));
    expect(held.category).toEqual(expect.arrayContaining(['soft', 'drinks', 'drink', 'tea', 'coffee']));
    const all = await terms(db);
    for (const t of [...held.name, ...held.brand, ...held.category]) expect(all.has(t), t).toBe(true);
  });

  it('the editors\' form (a new product, a change of name, brand, description or category) writes them in the same save; the grid leaves them', async () => {
    const { db } = database();
    await createProduct(db, { _id: 'nescafe-classic', name: 'Nescafé Classic 100g', description: 'Instant coffee granules', category: 'Soft Drinks, Tea & Coffee', brand: 'Nestlé', price: 900, discount: 0, stock: 5 }, COMMAND_LINE_EDITOR);
    await expectCurrent(db, 'nescafe-classic');
    expect((await stored(db, 'nescafe-classic')).held.name).toContain('nescafe');
    const [{ version }] = await db.select({ version: products.version }).from(products).where(eq(products.id, 'eggs-12'));
    await changeProduct(db, 'eggs-12', version, { name: 'Desi Anday (Eggs) 12', brand: 'Farm Fresh', description: 'Free-range', category: 'Food Cupboard' }, COMMAND_LINE_EDITOR);
    await expectCurrent(db, 'eggs-12');
    expect((await stored(db, 'eggs-12')).held.category).toContain('cupboard');
    expect(await terms(db)).toContain('anday');
    const before = await stored(db, 'milk-1l');
    const [{ version: v }] = await db.select({ version: products.version }).from(products).where(eq(products.id, 'milk-1l'));
    await bulkChange(db, [{ _id: 'milk-1l', version: v, price: 300 }], COMMAND_LINE_EDITOR);
    expect((await stored(db, 'milk-1l')).held).toEqual(before.held);
  });

  it('a catalogue file (new and changed rows, a category renamed) writes them', async () => {
    const { db } = database();
    const file = JSON.stringify({
      categories: [{ _id: 'pets', name: 'Pets & Garden' }],
      products: [
        { _id: 'whiskas-1kg', name: "Whiskas Cat Food 1kg", description: 'Tuna', category: 'Pets & Garden', brand: 'Whiskas', price: 1500, discount: 0, stock: 4 },
        { _id: 'zzz-last', name: 'Youngs Zinger Sauce', description: 'Spicy mayonnaise', category: 'Food Cupboard', brand: 'Youngs', price: 300, discount: 0, stock: 9 },
      ],
    });
    expect((await importCatalog(db, parseCatalog(file, 'json'))).ok).toBe(true);
    await expectCurrent(db, 'whiskas-1kg');
    await expectCurrent(db, 'zzz-last');
    expect((await stored(db, 'whiskas-1kg')).held.category).not.toContain('home');
  });

  it('a category renamed by an editor remakes its products\' tokens in the rename', async () => {
    const { db } = database();
    const editor = createCategoryEditor(db, systemClock);
    const category = (await editor.list()).find((c) => c._id === 'cupboard')!;
    await editor.change('cupboard', { version: category.version, changes: { name: 'Pantry & Masala' } }, { staffId: null, clientAddress: 'test' });
    for (const id of ['basmati-5kg', 'atta-10kg', 'eggs-12']) {
      await expectCurrent(db, id);
      expect((await stored(db, id)).held.category).toContain('pantry');
    }
  });

  it('products of an older rule (or none) are remade when the database opens; nothing is remade when all is current', async () => {
    const { db } = database();
    await db.execute(sql`update products set search_name = '{}', search_brand = '{}', search_category = '{}', search_more = '{}', search_rule = 0 where id in ('milk-1l', 'atta-10kg')`);
    expect(await remakeStaleSearchColumns(db)).toBe(2);
    await expectCurrent(db, 'milk-1l');
    await expectCurrent(db, 'atta-10kg');
    expect(await remakeStaleSearchColumns(db)).toBe(0);
  });

  it('the generator writes them, and a catalogue replaced whole prunes search_terms to what products hold', async () => {
    const { db } = database();
    await bulkInsertProducts(db, [{ _id: 'gen-x', name: 'Qwertyzz Soap', category: 'Fresh & Chilled Food', brand: 'Zzbrand', price: 10, stock: 1 }]);
    await expectCurrent(db, 'gen-x');
    expect(await terms(db)).toContain('qwertyzz');
    await replaceWithGenerated(db, 30, 7);
    const all = await terms(db);
    expect(all.has('qwertyzz')).toBe(false);
    const result = await db.execute(sql`select distinct unnest(search_name || search_brand || search_category || search_more) as t from products`);
    const held = (result as unknown as { rows: { t: string }[] }).rows.map((r) => r.t);
    expect(new Set(held)).toEqual(all);
  });
});
