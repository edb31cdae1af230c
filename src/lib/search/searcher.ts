/**
 * The rule over a list of products held in memory: what the suggestions do with the index and what
 * the tests and benches compare the API with. Ranked as src/lib/search-rank.ts says (relevance from
 * match.ts, then in stock, rating, name, id).
 */
import { compareRanked } from '#lib/search-rank.ts';
import { compileDictionary, type Dictionary, type SynonymEntry } from './dictionary.ts';
import { relevanceOf } from './match.ts';
import { planSearch, titleVocabulary, type SearchPlan, type TitleVocabulary } from './plan.ts';
import { productTokens, type ProductTokens, type SearchFields } from './tokens.ts';

export interface Ranked {
  id: string;
  name: string;
  /** 0 or less is sold out. */
  stock: number;
  rating: number;
  tokens: ProductTokens;
}

/** The name, brand and category tokens of every product: what typos are matched against. */
export function vocabularyOf(products: Iterable<{ tokens: ProductTokens }>): TitleVocabulary {
  const all: string[] = [];
  for (const { tokens } of products) all.push(...tokens.name, ...tokens.brand, ...tokens.category);
  return titleVocabulary(all);
}

/** The products matching the plan, best first, at most `limit`. */
export function rankByPlan<T extends Ranked>(products: readonly T[], plan: SearchPlan, limit = Infinity): T[] {
  const found: { p: T; relevance: number; stock: number; rating: number; name: string; id: string }[] = [];
  for (const p of products) {
    const relevance = relevanceOf(p.tokens, plan);
    if (relevance !== null) found.push({ p, relevance, stock: p.stock, rating: p.rating, name: p.name, id: p.id });
  }
  return found
    .sort(compareRanked)
    .slice(0, limit)
    .map(({ p }) => p);
}

export interface Searcher<T> {
  dictionary: Dictionary;
  vocabulary: TitleVocabulary;
  plan(term: string): SearchPlan;
  search(term: string, limit?: number): T[];
}

/** A searcher over whole products (fields, stock, rating) and a dictionary. */
export function createSearcher<T extends SearchFields & { id: string; stock: number; rating: number }>(
  products: readonly T[],
  synonyms: readonly SynonymEntry[] = [],
): Searcher<T & { tokens: ProductTokens }> {
  const withTokens = products.map((p) => ({ ...p, tokens: productTokens(p) }));
  const dictionary = compileDictionary(synonyms);
  const vocabulary = vocabularyOf(withTokens);
  const plan = (term: string) => planSearch(term, dictionary, vocabulary);
  return { dictionary, vocabulary, plan, search: (term, limit) => rankByPlan(withTokens, plan(term), limit) };
}
