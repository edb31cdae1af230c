import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as seedCatalogue from '#server/seed/catalogue.ts';
import { synonyms } from '#server/db/schema.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { catalogueCacheFor } from './cache.ts';
import { searchContext } from './search-context.ts';

const seed = { categories: seedCatalogue.categories, products: seedCatalogue.products, reviews: seedCatalogue.reviews };

/** Resolves once `check` holds (announcements arrive a moment after the commit). */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((done) => setImmediate(done));
}

describe.each(testDatabases)('the search context on $name', (target) => {
  const database = useDatabase(target, seed);

  it('is read once, shared by concurrent searches, and holds the dictionary and the vocabulary of names, brands and categories', async () => {
    const { db } = database();
    await catalogueCacheFor(db).ready;
    const [a, b] = await Promise.all([searchContext(db), searchContext(db)]);
    expect(a).toBe(b);
    expect(await searchContext(db)).toBe(a);
    expect(a.vocabulary.knows('tapal')).toBe(true);
    expect(a.vocabulary.knows('danedar')).toBe(true);
    // Tea is in a category's name; a description's words are not in the vocabulary.
    expect(a.vocabulary.knows('tea')).toBe(true);
  });

  it('is read again after a dictionary change announced by the database, and after a change this process makes', async () => {
    const { db } = database();
    await catalogueCacheFor(db).ready;
    const before = await searchContext(db);
    expect(before.dictionary.phrases.has('chawal')).toBe(false);
    await db.insert(synonyms).values({ words: ['chawal', 'چاول'], means: ['rice'] });
    await until(async () => (await searchContext(db)) !== before);
    const after = await searchContext(db);
    expect(after.dictionary.phrases.get('chawal')).toEqual([['rice']]);
    expect(after.synonyms).toEqual([{ words: ['chawal', 'چاول'], means: ['rice'] }]);
    catalogueCacheFor(db).catalogueChanged();
    expect(await searchContext(db)).not.toBe(after);
    await db.execute(sql`delete from synonyms`);
  });
});
