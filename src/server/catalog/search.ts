/**
 * The search rule (src/lib/search/) as SQL: the API finds and ranks exactly what createSearcher
 * (src/lib/search/searcher.ts) finds over the same products and dictionary.
 *
 * 1. The term becomes a plan (plan.ts) with the database's search context (search-context.ts:
 *    the dictionary, the vocabulary that decides typos).
 * 2. Every word tested as a prefix is expanded, in ONE query, into the tokens of `search_terms`
 *    it starts (a range on the byte-ordered index), for the index's test (4).
 * 3. Each word test gets its place as match.ts's testPlace says (name whole 0, name prefix 1, name
 *    typo 2, brand 3, category 4, description 5, else 6): whole words, typos and short prefix
 *    expansions by array overlap on the product's search columns, a prefix starting many tokens
 *    with LIKE on the column's tokens joined by spaces;
 *    an alternative is at its worst test's place, a clause at its best alternative's.
 * 4. A product matches when every clause has a place below 6. First, for each clause, some
 *    alternative must have every test share a token with the product's four columns joined, the
 *    expression the GIN index is built on, so the index picks the few rows worth placing. A
 *    clause with a prefix that starts more than PREFIX_EXPANSION_LIMIT tokens skips that test
 *    (its places alone decide).
 * 5. Relevance is Σ (clauses + 1)^(5 − place), as bigint; ties as src/lib/search-rank.ts says.
 *
 * Tokens are letters and digits only, so no character of a term reaches SQL as syntax: every
 * list travels as one text[] parameter (search-columns.ts textArray).
 */
import { sql, type SQL } from 'drizzle-orm';
import { NOT_FOUND, PLACES } from '#lib/search/match.ts';
import { planSearch, type SearchPlan, type WordTest } from '#lib/search/plan.ts';
import type { Database } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { textArray } from './search-columns.ts';
import { searchContext } from './search-context.ts';

/** Tokens a prefix may expand to before it is tested on each row instead. */
export const PREFIX_EXPANSION_LIMIT = 2000;

/** What a search adds to a product query: the rows it keeps, and their relevance. */
export interface SearchSql {
  condition: SQL;
  relevance: SQL;
  plan: SearchPlan;
}

/** Above every character a token may hold: the end of the range of tokens starting with a word. */
const LAST_CHARACTER = '\u{10FFFF}';

/**
 * The tokens of `search_terms` each word starts, in one query; a word starting more than
 * PREFIX_EXPANSION_LIMIT maps to undefined (tested on each row instead).
 */
export async function expandPrefixes(db: Database, words: readonly string[]): Promise<Map<string, string[] | undefined>> {
  const expanded = new Map<string, string[] | undefined>();
  if (words.length === 0) return expanded;
  const result = await db.execute(sql`
    select w.word, s.term
    from unnest(${textArray(words)}) as w(word)
    cross join lateral (
      select term from search_terms
      where term collate "C" >= w.word collate "C" and term collate "C" < (w.word || ${LAST_CHARACTER}) collate "C"
      order by term collate "C"
      limit ${PREFIX_EXPANSION_LIMIT + 1}
    ) as s`);
  for (const word of words) expanded.set(word, []);
  for (const { word, term } of (result as unknown as { rows: { word: string; term: string }[] }).rows) expanded.get(word)!.push(term);
  for (const [word, terms] of expanded) if (terms && terms.length > PREFIX_EXPANSION_LIMIT) expanded.set(word, undefined);
  return expanded;
}

/** The expression the GIN index products_search_idx is built on. */
const ALL_TOKENS = sql`(${products.searchName} || ${products.searchBrand} || ${products.searchCategory} || ${products.searchMore})`;
const COLUMN = { name: sql`${products.searchName}`, brand: sql`${products.searchBrand}`, category: sql`${products.searchCategory}`, more: sql`${products.searchMore}` } as const;

/**
 * A column's tokens as one text, each after a space: a token starts with `word` when the text
 * holds a space then `word`. Tokens and query words are letters and digits only (fold.ts), so
 * neither the space nor LIKE's `%`, `_` and `\\` can be in them. One pass over the row's text,
 * where an overlap with the prefix's expansion would compare every pair.
 */
function startsAnyToken(column: SQL, word: string): SQL {
  return sql`(' ' || array_to_string(${column}, ' ')) like ${`% ${word}%`}`;
}

/** Expansions up to this many tokens are tested as an overlap; longer ones with LIKE. */
const OVERLAP_LIMIT = 64;

/**
 * match.ts's testPlace as a CASE. A prefix is tested as an overlap with its expansion when that is
 * short (no text is built for the row), otherwise with LIKE over the column's tokens.
 */
function testPlace(test: WordTest, expanded: readonly string[] | undefined): SQL {
  const overlaps = (column: SQL, tokens: readonly string[]) => (tokens.length ? sql`${column} && ${textArray(new Set(tokens))}` : undefined);
  const short = test.prefix && expanded !== undefined && expanded.length <= OVERLAP_LIMIT;
  const prefixed = short ? expanded! : [];
  const like = (column: SQL) => (test.prefix && !short ? startsAnyToken(column, test.word) : undefined);
  const found = (column: SQL, tokens: readonly string[]) => {
    const parts = [overlaps(column, tokens), like(column)].filter((p): p is SQL => p !== undefined);
    return parts.length ? sql`(${sql.join(parts, sql` or `)})` : undefined;
  };
  const steps: [SQL | undefined, number][] = [
    [overlaps(COLUMN.name, test.whole), 0],
    [found(COLUMN.name, prefixed), 1],
    [overlaps(COLUMN.name, test.typos), 2],
    [found(COLUMN.brand, [...test.whole, ...prefixed, ...test.typos]), 3],
    [found(COLUMN.category, [...test.whole, ...prefixed, ...test.typos]), 4],
    [found(COLUMN.more, [...test.whole, ...prefixed]), 5],
  ];
  const whens = steps.filter((s): s is [SQL, number] => s[0] !== undefined).map(([when, place]) => sql`when ${when} then ${sql.raw(String(place))}`);
  const place = whens.length ? sql`(case ${sql.join(whens, sql` `)} else ${sql.raw(String(NOT_FOUND))} end)` : sql.raw(String(NOT_FOUND));
  // Never better than the test's floor (a meaning reached through a typo); NOT_FOUND stays above it.
  return test.floor > 0 ? sql`greatest(${sql.raw(String(test.floor))}, ${place})` : place;
}

/** The SQL of a term's search, or undefined when its plan has no clauses (no words: no search). */
export async function searchSql(db: Database, term: string | undefined): Promise<SearchSql | undefined> {
  if (!term) return undefined;
  const context = await searchContext(db);
  const plan = planSearch(term, context.dictionary, context.vocabulary);
  if (plan.clauses.length === 0) return undefined;
  const prefixWords = new Set<string>();
  for (const clause of plan.clauses) for (const alternative of clause.alternatives) for (const test of alternative) if (test.prefix) prefixWords.add(test.word);
  const expansion = await expandPrefixes(db, [...prefixWords]);

  const conditions: SQL[] = [];
  const places: SQL[] = [];
  for (const clause of plan.clauses) {
    // What the GIN index can test first: some alternative all of whose tests share a token with
    // the product (each test's whole words, typos and prefix expansion). Left out when a test's
    // prefix starts too many tokens to list; the places alone then decide.
    let indexed = true;
    let typos = false;
    // Alternatives of one test share one overlap (one pass over the row's tokens, which a plan
    // that scans rather than using the index pays for every row); a phrase needs all its words.
    const single = new Set<string>();
    const phrases: SQL[] = [];
    const alternatives = clause.alternatives.map((alternative) => {
      const all: Set<string>[] = [];
      const tests = alternative.map((test) => {
        const tokens = new Set([...test.whole, ...test.typos]);
        if (test.typos.length) typos = true;
        if (test.prefix) {
          const expanded = expansion.get(test.word);
          if (expanded) for (const token of expanded) tokens.add(token);
          else indexed = false;
        }
        all.push(tokens);
        return testPlace(test, test.prefix ? expansion.get(test.word) : undefined);
      });
      if (all.length === 1) for (const token of all[0]) single.add(token);
      else phrases.push(sql`(${sql.join(all.map((tokens) => sql`${ALL_TOKENS} && ${textArray(tokens)}`), sql` and `)})`);
      return tests.length === 1 ? tests[0] : sql`greatest(${sql.join(tests, sql`, `)})`;
    });
    const place = alternatives.length === 1 ? alternatives[0] : sql`least(${sql.join(alternatives, sql`, `)})`;
    const needs = [...(single.size ? [sql`${ALL_TOKENS} && ${textArray(single)}`] : []), ...phrases];
    if (indexed && needs.length) conditions.push(needs.length === 1 ? needs[0] : sql`(${sql.join(needs, sql` or `)})`);
    // Without typos the index's test is exact: a token the product holds is found somewhere, so
    // the clause has a place. A typo counts in the name, brand and category only, so then (and
    // when the index could not be used) the place itself is tested.
    if (!indexed || typos) conditions.push(sql`${place} < ${sql.raw(String(NOT_FOUND))}`);
    places.push(place);
  }
  const base = BigInt(plan.clauses.length + 1);
  const weights = Array.from({ length: PLACES }, (_, place) => String(base ** BigInt(PLACES - 1 - place)));
  const weight = sql.raw(`(array[${weights.join(', ')}, 0]::bigint[])`);
  const relevance = sql`(${sql.join(
    places.map((place) => sql`${weight}[${place} + 1]`),
    sql` + `,
  )})`;
  return { condition: sql`(${sql.join(conditions, sql` and `)})`, relevance, plan };
}

/** ASCII letters to lower case, every other character unchanged (what `lower(x collate "C")` does). */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/**
 * The words of the staff's product search (staff-reads.ts, which finds by any part of an id, a
 * name or a brand): split on whitespace, ASCII-lowercased, distinct; [] for a blank term.
 */
export function searchWords(term: string | undefined): string[] {
  if (!term) return [];
  return [...new Set(asciiLower(term).split(/\s+/).filter(Boolean))];
}

/** A LIKE pattern matching `word` anywhere, its `%`, `_` and `\` taken literally (escape `\`). */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
