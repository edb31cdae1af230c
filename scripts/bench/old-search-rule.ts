/**
 * The search rule the store had before it understood how Pakistan types, kept for bench:search
 * only: the baseline its score is measured beside. Every whitespace-separated word of the term,
 * lowercased, must be a substring of the name, description, category or brand; each word is
 * placed by where it is found (0: at the start of a word of the name, 1: elsewhere in the name,
 * 2: the brand, 3: the category, 4: the description only); ranked by those places, then in stock,
 * rating, name, id (the store's compareRanked, unchanged).
 */
import { compareRanked } from '#lib/search-rank.ts';

export interface OldSearchable {
  id: string;
  name: string;
  description: string;
  category: string;
  brand: string;
  stock: number;
  rating: number;
}

const words = (term: string) => term.toLowerCase().split(/\s+/).filter(Boolean);
const WORD_CHAR = /[a-z0-9]/;

function startsNameWord(name: string, word: string): boolean {
  for (let at = name.indexOf(word); at !== -1; at = name.indexOf(word, at + 1)) if (at === 0 || !WORD_CHAR.test(name[at - 1])) return true;
  return false;
}

function placeOf(p: { name: string; brand: string; category: string }, word: string): number {
  if (startsNameWord(p.name, word)) return 0;
  if (p.name.includes(word)) return 1;
  if (p.brand.includes(word)) return 2;
  if (p.category.includes(word)) return 3;
  return 4;
}

/** The first `limit` products for `term` by the old rule. */
export function oldSearch<T extends OldSearchable>(products: readonly T[], term: string, limit: number): T[] {
  const list = [...new Set(words(term))];
  if (!list.length) return [];
  const base = list.length + 1;
  const found = [];
  for (const p of products) {
    const lower = { name: p.name.toLowerCase(), brand: p.brand.toLowerCase(), category: p.category.toLowerCase(), description: p.description.toLowerCase() };
    const haystack = [lower.name, lower.description, lower.category, lower.brand].join('\n');
    if (!list.every((w) => haystack.includes(w))) continue;
    const relevance = list.reduce((sum, w) => sum + base ** (4 - placeOf(lower, w)), 0);
    found.push({ p, relevance, stock: p.stock, rating: p.rating, name: p.name, id: p.id });
  }
  return found
    .sort(compareRanked)
    .slice(0, limit)
    .map(({ p }) => p);
}
