/**
 * What search matches in a product: its tokens, field by field (the field decides the place a match
 * ranks at, src/lib/search/match.ts). Made here once for the database's columns (the API's search)
 * and the same way in the browser from the suggestions' index, so both hold the same tokens.
 *
 * - Every word of the name, brand and category's name, and its stem ("Tomatoes" → tomatoes, tomato).
 * - Neighbouring words of the name and of the brand joined, with the stem ("Corn Flakes" →
 *   cornflakes, cornflake; "Coca-Cola" → cocacola), so a shopper who writes them as one word finds them.
 * - The description's words of three characters or more that are not stop words and not already a
 *   token of the name, brand or category (those match there, at a better place), with their stems.
 */
import { keepsDescriptionWord, stem, words } from './fold.ts';

export interface SearchFields {
  name: string;
  brand: string;
  category: string;
  description: string;
}

export interface ProductTokens {
  name: string[];
  brand: string[];
  category: string[];
  more: string[];
}

/** Bumped whenever the tokens a product gets change: stored tokens of an older rule are made again. */
export const SEARCH_RULE_VERSION = 1;

function addWord(into: Set<string>, word: string): void {
  into.add(word);
  into.add(stem(word));
}

/** The tokens of a title-like text (name, brand, category): words, stems and, when `pairs`, joined neighbours. */
export function titleTokens(text: string, pairs: boolean): string[] {
  const list = words(text);
  const into = new Set<string>();
  list.forEach((word, i) => {
    addWord(into, word);
    if (pairs && i > 0) addWord(into, list[i - 1] + word);
  });
  return [...into];
}

/** The description's tokens, leaving out what `shown` (the product's other tokens) already holds. */
export function descriptionTokens(description: string, shown: ReadonlySet<string>): string[] {
  const into = new Set<string>();
  for (const word of words(description)) {
    if (!keepsDescriptionWord(word) || shown.has(word)) continue;
    addWord(into, word);
  }
  for (const token of shown) into.delete(token);
  return [...into];
}

/** A product's tokens, by field. */
export function productTokens(fields: SearchFields): ProductTokens {
  const name = titleTokens(fields.name, true);
  const brand = titleTokens(fields.brand, true);
  const category = titleTokens(fields.category, false);
  const more = descriptionTokens(fields.description, new Set([...name, ...brand, ...category]));
  return { name, brand, category, more };
}
