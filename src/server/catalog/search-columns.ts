/**
 * The products' search columns (search_name, search_brand, search_category, search_more: the
 * tokens of src/lib/search/tokens.ts by field, with search_rule naming the rule's version) kept
 * current with the fields they come from:
 *
 * 1. Every write of a product's name, brand, description or category writes its search columns in
 *    the same statement (bulk.ts's insert, edit.ts's save); a category renamed rewrites those of
 *    its products in the rename's transaction (remakeSearchColumns). Tokens use the category's
 *    NAME, as shoppers see it.
 * 2. Every token written is also added to `search_terms` (the prefixes' expansion, search.ts) in the
 *    same transaction; a catalogue replaced whole prunes it to what the products hold.
 * 3. Products whose tokens were made by an older rule (or before the columns existed) are remade
 *    when the store opens its database (remakeStaleSearchColumns): a start where all is current pays
 *    one query that finds nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import { productTokens, SEARCH_RULE_VERSION, type SearchFields } from '#lib/search/tokens.ts';
import { inTransaction, type Database } from '#server/db/client.ts';

export interface SearchColumns {
  searchName: string[];
  searchBrand: string[];
  searchCategory: string[];
  searchMore: string[];
  searchRule: number;
}

/** The search columns of a product with these fields (the category by its name). */
export function searchColumns(fields: SearchFields): SearchColumns {
  const t = productTokens(fields);
  return { searchName: t.name, searchBrand: t.brand, searchCategory: t.category, searchMore: t.more, searchRule: SEARCH_RULE_VERSION };
}

/** Every token of some search columns. */
export function tokensOf(columns: Iterable<SearchColumns>): Set<string> {
  const all = new Set<string>();
  for (const c of columns) for (const list of [c.searchName, c.searchBrand, c.searchCategory, c.searchMore]) for (const t of list) all.add(t);
  return all;
}

/**
 * A text[] parameter: tokens are letters and digits only (src/lib/search/fold.ts splits on
 * everything else), so each is quoted whole; quoting also keeps a token "null" a word.
 */
export function textArray(tokens: Iterable<string>): SQL {
  const list = [...tokens].map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`);
  return sql`${`{${list.join(',')}}`}::text[]`;
}

/**
 * Adds tokens to `search_terms`. In byte order, so two transactions adding overlapping sets take
 * their row locks in the same order (neither waits for the other in a circle).
 */
export async function recordSearchTerms(db: Database, tokens: Iterable<string>): Promise<void> {
  const sorted = [...new Set(tokens)].sort();
  for (let i = 0; i < sorted.length; i += 10_000) {
    await db.execute(sql`insert into search_terms (term) select t from unnest(${textArray(sorted.slice(i, i + 10_000))}) with ordinality as x(t, n) order by n on conflict do nothing`);
  }
}

/** Prunes `search_terms` to the tokens the products hold (after the catalogue was replaced whole). */
export async function pruneSearchTerms(db: Database): Promise<void> {
  await db.execute(sql`
    delete from search_terms s where not exists (
      select 1 from products p where (p.search_name || p.search_brand || p.search_category || p.search_more) @> array[s.term])`);
}

/** The names of every category by id (what products' tokens use). */
export async function categoryNames(db: Database): Promise<Map<string, string>> {
  const result = await db.execute(sql`select id, name from categories`);
  return new Map((result as unknown as { rows: { id: string; name: string }[] }).rows.map((r) => [r.id, r.name]));
}

/** Products remade a statement. */
const REMAKE_BATCH = 2000;

/**
 * Remakes the search columns of the products `where` selects (a condition on `p`, the products, and
 * `c`, their category), from their stored fields, in batches. Call it in the transaction that
 * changed what they come from (a category's name).
 */
export async function remakeSearchColumns(db: Database, where: SQL): Promise<number> {
  let after = '';
  let done = 0;
  for (;;) {
    const result = await db.execute(sql`
      select p.id, p.name, p.brand, p.description, c.name as category
      from products p join categories c on c.id = p.category_id
      where ${where} and p.id collate "C" > ${after}
      order by p.id collate "C" limit ${REMAKE_BATCH}`);
    const rows = (result as unknown as { rows: ({ id: string } & SearchFields)[] }).rows;
    if (rows.length === 0) return done;
    const made = rows.map((r) => ({ id: r.id, ...searchColumns(r) }));
    await db.execute(sql`
      update products p set search_name = x."searchName", search_brand = x."searchBrand", search_category = x."searchCategory",
        search_more = x."searchMore", search_rule = x."searchRule"
      from json_to_recordset(${JSON.stringify(made)}::json) as x(id text, "searchName" text[], "searchBrand" text[],
        "searchCategory" text[], "searchMore" text[], "searchRule" integer)
      where p.id = x.id`);
    await recordSearchTerms(db, tokensOf(made));
    done += rows.length;
    after = rows[rows.length - 1].id;
    // Let a serving store answer between batches (bulk.ts says why).
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Remakes the search columns of every product made by an older rule (or none), in one transaction.
 * Returns how many. When every product is current this is one query that finds nothing.
 */
export async function remakeStaleSearchColumns(db: Database): Promise<number> {
  const stale = sql`p.search_rule < ${SEARCH_RULE_VERSION}`;
  const [first] = (await db.execute(sql`select 1 from products p where ${stale} limit 1`) as unknown as { rows: unknown[] }).rows;
  if (!first) return 0;
  return inTransaction(db, (tx) => remakeSearchColumns(tx, stale));
}
