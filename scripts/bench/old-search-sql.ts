/**
 * The substring search the API used before the search rule of src/lib/search/, kept only as the
 * baseline of `npm run bench:search-api` (scripts/bench/search-api.ts). Not used by the store.
 *
 * The old rule as SQL: the term is split on whitespace and every word must appear, ignoring
 * case, in the product's name, description, category or brand; and the ranking of
 * src/lib/search-rank.ts (relevanceOrder) for the results.
 *
 * One LIKE per word over the four fields joined by a space: a word holds no whitespace, so it can
 * only match inside one field, exactly as four ORed LIKEs would, in a single scan of the row.
 * Case is folded for ASCII letters only, on both sides (`lower(... collate "C")` in SQL,
 * `asciiLower` here): PostgreSQL's lower() under a server locale also folds other letters and
 * PGlite's does not, and the API must answer the same on both. LIKE's own characters (`%`, `_`
 * and the escape `\`) in a word are escaped, so they match literally.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { categories, products } from '#server/db/schema.ts';
import { containsPattern, searchWords } from '#server/catalog/search.ts';
/** The places the old rule had (0 to 4). */
const PLACES = 5;

/** The text a word must appear in: name, description, brand and category name, lowercased. */
const haystack = sql`lower((${products.name} || ' ' || ${products.description} || ' ' || ${products.brand} || ' ' || ${categories.name}) collate "C")`;

/** The condition for a query joined to categories, or undefined when the term has no words. */
export function searchCondition(term: string | undefined): SQL | undefined {
  const words = searchWords(term);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((w) => sql`${haystack} like ${containsPattern(w)} escape '\\'`),
    sql` and `,
  );
}

/** `word` as a regular expression matching it literally (PostgreSQL's and JavaScript's escapes agree). */
function literalRegex(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

const lowered = (column: SQLWrapper) => sql`lower(${column} collate "C")`;

/**
 * search-rank.ts's relevance as SQL: for each word, (words + 1) to the power of (4 − its place),
 * summed (bigint: a long term's sum passes a 32-bit integer). Undefined when the term has no words.
 * The matching condition still decides which rows there are; a word placed 4 is in the description.
 */
export function relevanceScore(term: string | undefined): SQL | undefined {
  const words = searchWords(term);
  if (words.length === 0) return undefined;
  const base = BigInt(words.length + 1);
  const weight = (place: number) => sql.raw(`${base ** BigInt(PLACES - 1 - place)}::bigint`);
  const name = lowered(products.name);
  return sql.join(
    words.map(
      (w) => sql`(case
        when ${name} ~ ${`(^|[^a-z0-9])${literalRegex(w)}`} then ${weight(0)}
        when ${name} like ${containsPattern(w)} escape '\\' then ${weight(1)}
        when ${lowered(products.brand)} like ${containsPattern(w)} escape '\\' then ${weight(2)}
        when ${lowered(categories.name)} like ${containsPattern(w)} escape '\\' then ${weight(3)}
        else ${weight(4)} end)`,
    ),
    sql` + `,
  );
}
