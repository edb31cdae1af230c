/**
 * Suggestions in the browser: the decoded search index and the first matches of a term, by the
 * store's one search rule (src/lib/search/: the plan of the term, matched and ranked over each
 * product's tokens), so they are the API's first results. Pure (no fetch, no DOM), so the bench
 * and the unit tests drive the same code as the island.
 */
import { slugify } from '#lib/slug.ts';
import { fieldsOfCard } from '#lib/search-carried.ts';
import { compileDictionary, EMPTY_DICTIONARY, type Dictionary } from '#lib/search/dictionary.ts';
import { planSearch, type TitleVocabulary } from '#lib/search/plan.ts';
import { rankByPlan, vocabularyOf } from '#lib/search/searcher.ts';
import { descriptionTokens, productTokens, titleTokens, type ProductTokens } from '#lib/search/tokens.ts';
import { IMAGE_BY_ID, NONE, RATING_ZERO, type SearchIndexFile } from './index-file.ts';

/** At most this many suggestions are shown. */
export const MAX_SUGGESTIONS = 5;
/** Suggestions need a term at least this long, once trimmed. */
export const MIN_TERM_LENGTH = 3;
/** The pause after the last keystroke before suggestions are looked up. */
export const SUGGEST_DELAY_MS = 300;

/**
 * performance.mark names the island sets, read by `npm run bench:search`: `key` when a keystroke
 * reaches the box, `lookup` when the pause is over and the lookup starts, `rendered` once the list
 * for that lookup is in the DOM. Work = rendered - lookup (the 300 ms pause excluded).
 */
export const SUGGEST_MARKS = { key: 'kiryana:suggest:key', lookup: 'kiryana:suggest:lookup', rendered: 'kiryana:suggest:rendered' } as const;

/** What one suggestion shows and links to. */
export interface Suggestion {
  id: string;
  name: string;
  /** Sale price, whole rupees. */
  price: number;
  image: string;
}

export interface IndexedProduct extends Suggestion {
  /** 1 in stock, 0 sold out (as the build saw it). */
  stock: number;
  rating: number;
  /** What the rule matches, field by field (src/lib/search/tokens.ts), as the API holds them. */
  tokens: ProductTokens;
}

/** The decoded index: its products in the file's order, and what every search reads besides. */
export interface DecodedIndex {
  products: IndexedProduct[];
  dictionary: Dictionary;
  /** The name, brand and category tokens of every product (what a typo may be near). */
  vocabulary: TitleVocabulary;
}

/** Whether a term asks for suggestions: at least MIN_TERM_LENGTH (3) characters once trimmed. */
export function wantsSuggestions(term: string): boolean {
  return term.trim().length >= MIN_TERM_LENGTH;
}

/** The tokens of a title-like text, made once for each distinct text (brands and categories repeat). */
function tokenTable(pairs: boolean): (text: string) => string[] {
  const made = new Map<string, string[]>();
  return (text) => {
    let tokens = made.get(text);
    if (!tokens) made.set(text, (tokens = titleTokens(text, pairs)));
    return tokens;
  };
}

/** Unpacks the columns into one entry per product, in the file's order, each with its tokens. */
export function decodeIndex(file: SearchIndexFile): DecodedIndex {
  const brandTokens = tokenTable(true);
  const categoryTokens = tokenTable(false);
  const soldOut = new Set<number>();
  let at = -1;
  for (const gap of file.soldOut) soldOut.add((at += gap));
  const products = file.name.map((name, i): IndexedProduct => {
    const packedId = file.id[i];
    const id = packedId.startsWith('+') ? slugify(name) + packedId.slice(1) : packedId;
    const img = file.image[i];
    const brandAt = file.brand[i];
    const nameTokens = titleTokens(name, true);
    const brand = brandAt === NONE ? [] : brandTokens(file.brands[brandAt] ?? '');
    const category = categoryTokens(file.categories[file.category[i]] ?? '');
    const more = descriptionTokens(file.words[i].map((w) => file.vocabulary[w]).join(' '), new Set([...nameTokens, ...brand, ...category]));
    return {
      id,
      name,
      price: file.price[i],
      image: img === IMAGE_BY_ID ? `/images/products/${id}.webp` : img === NONE ? '' : (file.images[img] ?? ''),
      stock: soldOut.has(i) ? 0 : 1,
      rating: (file.rating.charCodeAt(i) - RATING_ZERO) / 10,
      tokens: { name: nameTokens, brand, category, more },
    };
  });
  return { products, dictionary: compileDictionary(file.synonyms), vocabulary: vocabularyOf(products) };
}

/** The best `limit` products for `term`, ranked by the rule (the API's order). */
export function suggest(index: DecodedIndex, term: string, limit = MAX_SUGGESTIONS): Suggestion[] {
  const plan = planSearch(term, index.dictionary, index.vocabulary);
  if (!plan.clauses.length) return [];
  return rankByPlan(index.products, plan, limit).map((p) => ({ id: p.id, name: p.name, price: p.price, image: p.image }));
}

/**
 * The last fallback: products already on the page, matched by the rule over their name and the
 * text their card carries (`search`: category, brand and the description's kept words, see
 * src/lib/search-carried.ts; a card without it is matched by name), without the dictionary (it
 * comes with the index) and with typos only near what the page shows, at most `limit`. Ranked by
 * the rule as far as a card tells: a card carries no rating, so equals go by name, then the page's order.
 */
export function suggestFromPage<T extends { name: string; search?: string; stock?: number }>(items: readonly T[], term: string, limit = MAX_SUGGESTIONS): T[] {
  const withTokens = items.map((item, order) => ({ item, id: String(order).padStart(6, '0'), name: item.name, stock: item.stock ?? 1, rating: 0, tokens: productTokens(fieldsOfCard(item.name, item.search)) }));
  const plan = planSearch(term, EMPTY_DICTIONARY, vocabularyOf(withTokens));
  if (!plan.clauses.length) return [];
  // Ids in page order: equals by name keep the page's order.
  return rankByPlan(withTokens, plan, limit).map(({ item }) => item);
}
