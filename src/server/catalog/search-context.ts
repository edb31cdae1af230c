/**
 * What a search needs besides the term, read from the database: the shop's dictionary (the
 * `synonyms` table, compiled) and the vocabulary of the name, brand and category tokens of the
 * products on sale (which decides when and how typos apply, src/lib/search/plan.ts). The API's
 * plan is then the one createSearcher (src/lib/search/searcher.ts) makes over the same products
 * and dictionary.
 *
 * Held in memory per database, read once (concurrent searches share one read) and dropped when
 * the catalogue changes: the database announces every change to products, categories and the
 * dictionary (their triggers notify the catalogue channel), and the catalogue cache (cache.ts)
 * counts them, own changes included. A context read under an older count is read again by the next
 * search. While announcements cannot arrive (the listening connection lost), nothing is kept.
 */
import { asc, sql } from 'drizzle-orm';
import { compileDictionary, type Dictionary, type SynonymEntry } from '#lib/search/dictionary.ts';
import { titleVocabulary, type TitleVocabulary } from '#lib/search/plan.ts';
import type { Database } from '#server/db/client.ts';
import { synonyms } from '#server/db/schema.ts';
import { catalogueCacheFor } from './cache.ts';

export interface SearchContext {
  dictionary: Dictionary;
  vocabulary: TitleVocabulary;
  /** The dictionary's entries as stored, in id order. */
  synonyms: SynonymEntry[];
}

/** The dictionary's entries as stored, in id order. */
export async function readSynonyms(db: Database): Promise<SynonymEntry[]> {
  const rows = await db.select({ words: synonyms.words, means: synonyms.means }).from(synonyms).orderBy(asc(synonyms.id));
  return rows.map((r) => ({ words: r.words, means: r.means }));
}

/** The distinct name, brand and category tokens of the products on sale. */
export async function readTitleTokens(db: Database): Promise<string[]> {
  // Brands and categories repeat across thousands of products: their distinct lists first, then
  // their words (twice as fast as every product's words at 100,000 products).
  const result = await db.execute(sql`
    select distinct t from (
      select distinct search_name as a from products where on_sale
      union select distinct search_brand from products where on_sale
      union select distinct search_category from products where on_sale
    ) as x, unnest(x.a) as t`);
  return (result as unknown as { rows: { t: string }[] }).rows.map((r) => r.t);
}

/** Reads a context from the database, uncached. */
export async function loadSearchContext(db: Database): Promise<SearchContext> {
  const [entries, tokens] = await Promise.all([readSynonyms(db), readTitleTokens(db)]);
  return { dictionary: compileDictionary(entries), vocabulary: titleVocabulary(tokens), synonyms: entries };
}

interface Held {
  generation: number;
  context: Promise<SearchContext>;
}

const held = new WeakMap<object, Held>();

/** The search context of `db`, from memory while the catalogue has not changed since it was read. */
export function searchContext(db: Database): Promise<SearchContext> {
  const cache = catalogueCacheFor(db);
  const generation = cache.generation;
  const known = held.get(db);
  if (known && cache.isListening && known.generation === generation) return known.context;
  const context = loadSearchContext(db);
  if (cache.isListening) {
    const entry: Held = { generation, context };
    held.set(db, entry);
    // A failed read is not kept: the next search tries again.
    context.catch(() => {
      if (held.get(db) === entry) held.delete(db);
    });
  }
  return context;
}

/** Forgets what is held for `db` (tests that change the tables behind the store's back). */
export function forgetSearchContext(db: Database): void {
  held.delete(db);
}
