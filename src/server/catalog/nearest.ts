/**
 * What a search that finds nothing offers instead, so that no search is a dead end:
 * - "Did you mean": the term with each word the catalogue does not know replaced by the nearest
 *   word it does (a name, brand or category token, or a dictionary word; at most MAX_EDITS edits,
 *   fewest first), offered only when the rewritten search finds products; a term whose words are
 *   each known but find nothing together is offered its words one by one (those that find products);
 * - popular products: in stock, the most units sold in the last 30 days first, then the best rated;
 * - the term is counted in `search_misses` (its folded words only, nothing about who searched), so
 *   editors see what shoppers look for and do not find, and can teach the dictionary the word.
 *
 * The table keeps at most MAX_MISSES terms: past it, the least searched (then the longest unseen)
 * goes, never the term just counted. Counts are serialised by one advisory lock: concurrent
 * counts cannot grow the table past its limit.
 */
import { and, asc, desc, gt, sql } from 'drizzle-orm';
import { MAX_DID_YOU_MEAN, MAX_POPULAR } from '#lib/schemas/public-search.ts';
import type { Product } from '#lib/schemas/catalog.ts';
import { stem } from '#lib/search/fold.ts';
import { queryWords } from '#lib/search/plan.ts';
import { editDistance } from '#lib/search/typos.ts';
import type { Database } from '#server/db/client.ts';
import { products, searchMisses } from '#server/db/schema.ts';
import { listProducts } from './list-products.ts';
import { byId, onSale, productsWithCategory, toProducts } from './product-rows.ts';
import { searchContext, type SearchContext } from './search-context.ts';

/** The most edits between a shopper's word and a word offered instead. */
export const MAX_EDITS = 2;
/** Terms the misses table keeps at most. */
export const MAX_MISSES = 2_000;
/** The longest term counted (folded words joined by one space), in characters. */
export const MAX_MISS_LENGTH = 100;
/** Rewritten searches tried at most (each is one search). */
const MAX_TRIES = 6;

/** Whether a search for `term` finds any product (the API's own search). */
export async function findsProducts(db: Database, term: string): Promise<boolean> {
  const { pagination } = await listProducts(db, { q: term, page: 1, limit: 1, sortOrder: 'desc' });
  return pagination.total > 0;
}

/** Whether the catalogue knows `word` as is: a title token it is, or starts, or a dictionary word. */
function knows(context: SearchContext, word: string): boolean {
  return context.vocabulary.knows(word) || context.dictionary.phrases.has(stem(word));
}

/** The known words nearest `word`, fewest edits first (then A to Z). */
export function nearestWords(context: SearchContext, word: string): string[] {
  // Two edits reach far past what a search forgives (typos.ts), but not for a short word: any
  // token sharing a letter with it would do.
  const edits = word.length >= 4 ? MAX_EDITS : 1;
  const found = new Map<string, number>();
  for (const token of context.vocabulary.near(word, edits)) found.set(token, editDistance(word, token, edits));
  for (const key of context.dictionary.singleWords) {
    const d = editDistance(word, key, edits);
    if (d <= edits && !found.has(key)) found.set(key, d);
  }
  return [...found].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([w]) => w);
}

/** The rewritten searches worth offering for `term`, each one finding products, at most MAX_DID_YOU_MEAN. */
export async function didYouMean(db: Database, term: string, context: SearchContext): Promise<string[]> {
  const words = queryWords(term);
  // A word only a description holds is known too: a search for it alone finds products.
  const unknown = await Promise.all(words.map(async (w, i) => !knows(context, w) && (i >= MAX_TRIES || !(await findsProducts(db, w)))));
  const candidates: string[] = [];
  if (unknown.some(Boolean)) {
    const options = words.map((w, i) => (unknown[i] ? nearestWords(context, w) : [w]));
    if (options.some((o) => o.length === 0)) return [];
    // The best rewrite, then each unknown word's next options with the others at their best.
    const best = options.map((o) => o[0]);
    candidates.push(best.join(' '));
    for (let rank = 1; rank < MAX_TRIES; rank++) {
      options.forEach((o, i) => {
        if (unknown[i] && o[rank]) candidates.push(best.map((w, j) => (j === i ? o[rank] : w)).join(' '));
      });
    }
  } else if (words.length > 1) {
    candidates.push(...words);
  }
  const offered: string[] = [];
  for (const candidate of [...new Set(candidates)].slice(0, MAX_TRIES)) {
    if (offered.length >= MAX_DID_YOU_MEAN) break;
    if (await findsProducts(db, candidate)) offered.push(candidate);
  }
  return offered;
}

/** Products in stock, most sold in the last 30 days (Pakistan days) first, then best rated. */
export async function popularProducts(db: Database, limit = MAX_POPULAR): Promise<Product[]> {
  const sold = sql`coalesce((select sum(s.units) from sales_product_days s
    where s.product_id = ${products.id} and s.day > (now() at time zone 'Asia/Karachi')::date - 30), 0)`;
  const rows = await productsWithCategory(db)
    .where(and(onSale, gt(products.stock, 0)))
    .orderBy(desc(sold), desc(products.rating), desc(products.numRatings), asc(byId))
    .limit(limit);
  return toProducts(db, rows);
}

/** The term as the misses table keeps it: its folded words, one space between, at most MAX_MISS_LENGTH characters. */
export function missKey(term: string): string {
  let key = '';
  for (const word of queryWords(term)) {
    const next = key ? `${key} ${word}` : word;
    if (next.length > MAX_MISS_LENGTH) break;
    key = next;
  }
  return key || queryWords(term)[0]?.slice(0, MAX_MISS_LENGTH) || '';
}

/** Counts one search for `key` that found nothing, keeping the table within MAX_MISSES terms. */
export async function countMiss(db: Database, key: string): Promise<void> {
  if (!key) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kiryana search misses'))`);
    await tx
      .insert(searchMisses)
      .values({ term: key })
      .onConflictDoUpdate({ target: searchMisses.term, set: { searches: sql`${searchMisses.searches} + 1`, lastAt: sql`now()` } });
    await tx.execute(sql`delete from search_misses where term in (
      select term from search_misses where term <> ${key}
      order by searches, last_at, term collate "C"
      limit greatest(0, (select count(*) from search_misses) - ${MAX_MISSES}))`);
  });
}

export interface Nearest {
  didYouMean: string[];
  popular: Product[];
}

/**
 * What the search page shows under "No products found" for `term`. `count` says whether this
 * client may still add to the misses table (its budget, checked by the route); a term that finds
 * products is never counted.
 */
export async function nearest(db: Database, term: string, count: () => Promise<boolean>): Promise<Nearest> {
  const key = missKey(term);
  const [context, finds] = await Promise.all([searchContext(db), key ? findsProducts(db, term) : Promise.resolve(false)]);
  const [offered, popular] = await Promise.all([finds || !key ? [] : didYouMean(db, term, context), popularProducts(db)]);
  if (key && !finds && (await count())) await countMiss(db, key);
  return { didYouMean: offered, popular };
}
