/**
 * Suggestions in the browser: the decoded search index and the first matches of a term.
 * Pure (no fetch, no DOM), so the bench and the unit tests drive the same code as the island.
 */
import { compareRanked, relevance, type RankedFields } from '#lib/search-rank.ts';
import { slugify } from '#lib/slug.ts';
import { matchesWords, searchWords } from '#lib/search-match.ts';
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
  /** The lowercased text the rule reads; equivalent to src/lib/search-match.ts's haystackOf for every query word. */
  haystack: string;
  /** What ranking reads besides (search-rank.ts): the brand is '' when the name holds it, which ranks the same. */
  fields: RankedFields;
  /** 1 in stock, 0 sold out (as the build saw it). */
  stock: number;
  rating: number;
}

/** Whether a term asks for suggestions: at least MIN_TERM_LENGTH (3) characters once trimmed. */
export function wantsSuggestions(term: string): boolean {
  return term.trim().length >= MIN_TERM_LENGTH;
}

/** Unpacks the columns into one entry per product, in the file's order. */
export function decodeIndex(file: SearchIndexFile): IndexedProduct[] {
  const categories = file.categories.map((c) => c.toLowerCase());
  const brands = file.brands.map((b) => b.toLowerCase());
  const soldOut = new Set<number>();
  let at = -1;
  for (const gap of file.soldOut) soldOut.add((at += gap));
  return file.name.map((name, i) => {
    const packedId = file.id[i];
    const id = packedId.startsWith('+') ? slugify(name) + packedId.slice(1) : packedId;
    const img = file.image[i];
    const brand = file.brand[i];
    const fields = { name: name.toLowerCase(), category: categories[file.category[i]] ?? '', brand: brand === NONE ? '' : (brands[brand] ?? '') };
    return {
      id,
      name,
      price: file.price[i],
      image: img === IMAGE_BY_ID ? `/images/products/${id}.webp` : img === NONE ? '' : (file.images[img] ?? ''),
      haystack: [fields.name, fields.category, fields.brand, file.words[i].map((w) => file.vocabulary[w]).join(' ')].join('\n'),
      fields,
      stock: soldOut.has(i) ? 0 : 1,
      rating: (file.rating.charCodeAt(i) - RATING_ZERO) / 10,
    };
  });
}

/** The best `limit` products matching every word of `term`, ranked as search-rank.ts says. */
export function suggest(products: readonly IndexedProduct[], term: string, limit = MAX_SUGGESTIONS): Suggestion[] {
  const words = searchWords(term);
  if (!words.length) return [];
  const found = [];
  for (const p of products) {
    if (matchesWords(p.haystack, words)) found.push({ p, relevance: relevance(p.fields, words), stock: p.stock, rating: p.rating, name: p.name, id: p.id });
  }
  return found
    .sort(compareRanked)
    .slice(0, limit)
    .map(({ p }) => ({ id: p.id, name: p.name, price: p.price, image: p.image }));
}

/**
 * The last fallback: products already on the page, matched by the rule over their name and the
 * text their card carries (`search`: category, brand and description, one a line, see src/lib/search-match.ts's
 * cardSearchText; a card without it is matched by name), at most `limit`. Ranked as search-rank.ts
 * says as far as a card tells: by relevance, then in stock first; a card carries no rating, so
 * equals keep the page's order.
 */
export function suggestFromPage<T extends { name: string; search?: string; stock?: number }>(items: readonly T[], term: string, limit = MAX_SUGGESTIONS): T[] {
  const words = searchWords(term);
  if (!words.length) return [];
  const ranked = [];
  for (const item of items) {
    const name = item.name.toLowerCase();
    if (!matchesWords(`${name}\n${item.search ?? ''}`, words)) continue;
    const [category = '', brand = ''] = (item.search ?? '').split('\n');
    ranked.push({ item, relevance: relevance({ name, category, brand }, words), inStock: Number((item.stock ?? 1) > 0) });
  }
  // Array.prototype.sort is stable: equals keep the page's order.
  return ranked
    .sort((a, b) => b.relevance - a.relevance || b.inStock - a.inStock)
    .slice(0, limit)
    .map(({ item }) => item);
}
