/**
 * How search results are ranked: the same order in the API (GET /api/products?q= without a sort,
 * or sortBy=relevance; src/server/catalog/search.ts writes this rule as SQL), the search page's
 * "Best Match" and the suggestions, whichever source answers them (the index, the API, the cards
 * on the page).
 *
 * Which products match does not change: every word of the term must appear, ignoring case, in the
 * name, description, category or brand. Among them, each word is placed by the best field it is
 * found in, from best to worst:
 *
 * | place | the word is found |
 * |---|---|
 * | 0 | at the start of a word of the name ("tea" in "Tapal Danedar Tea", "milk" in "Milkpak") |
 * | 1 | elsewhere in the name ("atta" in "Chiffon Dupatta") |
 * | 2 | in the brand |
 * | 3 | in the category's name ("tea" in "Soft Drinks, Tea & Coffee") |
 * | 4 | only in the description |
 *
 * A product with more words in better places comes first: the one with more words in place 0;
 * between equals, more in place 1; and so on (`relevance` folds this into one number). Then
 * products in stock before sold-out ones, then the higher rating, then the name A to Z, then the
 * id, so the order is total and the same on every source.
 *
 * A word starts a word of the name when nothing or a character other than an ASCII letter or
 * digit comes before it: the SQL side tests `(^|[^a-z0-9])word` on the name lowercased.
 */
import { byCodeUnits } from './product-id.ts';

/** Kept for the old rule's readers until they move to src/lib/search/match.ts. */
export const PLACES = 5;

/** The fields ranking reads, lowercased the way the matching rule lowercases them. */
export interface RankedFields {
  name: string;
  brand: string;
  category: string;
}

const WORD_CHAR = /[a-z0-9]/;

/** Whether `word` occurs in `name` at the start of one of its words. Both lowercased. */
export function startsNameWord(name: string, word: string): boolean {
  for (let at = name.indexOf(word); at !== -1; at = name.indexOf(word, at + 1)) {
    if (at === 0 || !WORD_CHAR.test(name[at - 1])) return true;
  }
  return false;
}

/** The place (0 best … 4) of one matching word; a word found nowhere but the description is 4. */
export function placeOf(fields: RankedFields, word: string): number {
  if (startsNameWord(fields.name, word)) return 0;
  if (fields.name.includes(word)) return 1;
  if (fields.brand.includes(word)) return 2;
  if (fields.category.includes(word)) return 3;
  return 4;
}

/**
 * One number that orders products like their counts of words in each place compared in turn
 * (more in place 0 first, then place 1, …): each word adds (words + 1) to the power (4 − place).
 * Exact in a double for the longest term the API accepts (100 words: at most 101⁵).
 */
export function relevance(fields: RankedFields, words: readonly string[]): number {
  // Each distinct word once, as the API counts them (a repeated word would weigh twice).
  const distinct = new Set(words);
  const base = distinct.size + 1;
  let score = 0;
  for (const word of distinct) score += base ** (PLACES - 1 - placeOf(fields, word));
  return score;
}

/** What decides between products of equal relevance. */
export interface RankTies {
  /** 0 or less is sold out. */
  stock: number;
  rating: number;
  name: string;
  id: string;
}

/** Negative when `a` ranks before `b`: relevance, in stock, rating, name A to Z, id. */
export function compareRanked(a: RankTies & { relevance: number }, b: RankTies & { relevance: number }): number {
  return (
    b.relevance - a.relevance ||
    Number(b.stock > 0) - Number(a.stock > 0) ||
    b.rating - a.rating ||
    byCodeUnits(a.name, b.name) ||
    byCodeUnits(a.id, b.id)
  );
}
