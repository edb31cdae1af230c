/**
 * The suggestions' search index: one compact JSON file the build writes from the catalogue it has
 * already loaded (src/pages/search-index.json.ts, one address across builds), fetched once a page
 * when a shopper first comes to a search box (the browser revalidates it: a rebuilt index is the
 * next page's), and matched there (suggestions.ts). Written column by column, with shared
 * tables for repeated strings: gzip packs a column of like values far better than rows of mixed ones
 * (10,000 products: 355 KB gz as rows, 108 KB as columns ranked by name; docs-notes/suggest.md).
 *
 * What it carries for search is what the rule (src/lib/search/) reads, so the suggestions match and
 * rank exactly as the API does: the name, the category's name and the brand (left out when its
 * tokens are all the name's: a word it matches the name matches too, at a better place), of the
 * description only the words the rule keeps (src/lib/search-carried.ts), and the shop's dictionary.
 */
import * as z from 'zod/mini';
import { salePrice } from '#lib/money.ts';
import { byCodeUnits } from '#lib/product-id.ts';
import { slugify } from '#lib/slug.ts';
import { carriedDescriptionWords } from '#lib/search-carried.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { titleTokens, type SearchFields } from '#lib/search/tokens.ts';

export const SEARCH_INDEX_VERSION = 3;
/** `image` column: the product's image is `/images/products/{id}.webp`. */
export const IMAGE_BY_ID = -1;
/** `image` column: no image. `brand` column: every token of the brand is one of the name's. */
export const NONE = -2;

export const SearchIndexFileSchema = z.object({
  /** SEARCH_INDEX_VERSION (checked by hand in api.ts: a z.literal would weigh on every page's chunk). */
  v: z.number(),
  categories: z.array(z.string()),
  brands: z.array(z.string()),
  images: z.array(z.string()),
  /** The description words (folded) that `words` rows point into. */
  vocabulary: z.array(z.string()),
  /** The shop's dictionary, as GET /api/search/dictionary gives it. */
  synonyms: z.array(z.object({ words: z.array(z.string()), means: z.array(z.string()) })),
  /** The id, or `+{rest}` when the id is `slugify(name) + rest`. */
  id: z.array(z.string()),
  name: z.array(z.string()),
  /** What one unit sells for (price minus discount). */
  price: z.array(z.number()),
  image: z.array(z.number()),
  category: z.array(z.number()),
  brand: z.array(z.number()),
  words: z.array(z.array(z.number())),
  /** Where the sold-out products are: each entry is the distance from the previous one (the first from -1). */
  soldOut: z.array(z.number()),
  /** One character a product: its rating in tenths of a star, from RATING_ZERO ('(' is 0.0, 'Z' is 5.0). */
  rating: z.string(),
});
export type SearchIndexFile = z.infer<typeof SearchIndexFileSchema>;

/** The character code of a 0.0 rating in the `rating` column; 5.0 is 50 above (no character JSON escapes). */
export const RATING_ZERO = 40;

export interface IndexableProduct extends SearchFields {
  _id: string;
  price: number;
  discount: number;
  stock: number;
  rating: number;
  images?: string[];
  image?: string;
}

const OWN_PRODUCT_IMAGE = /^\/images\/products\/([a-z0-9-]+)\.webp$/;

/** Interns strings into a table, returning each one's position. */
function table(): { list: string[]; at: (value: string) => number } {
  const list: string[] = [];
  const seen = new Map<string, number>();
  return {
    list,
    at(value) {
      let i = seen.get(value);
      if (i === undefined) {
        i = list.push(value) - 1;
        seen.set(value, i);
      }
      return i;
    },
  };
}

/**
 * The index is stored by name, A to Z (then id): neighbours by name share brand, words and
 * category, so this order packs best (108 KB gz at 10,000 products against 145 KB newest first).
 * Suggestions are ranked when matched (src/lib/search-rank.ts), from the fields, the stock and
 * the rating the index carries; name then id is also the ranking's last tie-break.
 */
export function bySuggestionOrder(a: { name: string; _id: string }, b: { name: string; _id: string }): number {
  return byCodeUnits(a.name, b.name) || byCodeUnits(a._id, b._id);
}

/** The index of `products`, stored in bySuggestionOrder. */
export function buildSearchIndex(unordered: readonly IndexableProduct[], synonyms: readonly SynonymEntry[] = []): SearchIndexFile {
  const products = [...unordered].sort(bySuggestionOrder);
  const categories = table();
  const brands = table();
  const images = table();
  const vocabulary = table();
  const file: SearchIndexFile = {
    v: SEARCH_INDEX_VERSION,
    categories: categories.list,
    brands: brands.list,
    images: images.list,
    vocabulary: vocabulary.list,
    synonyms: synonyms.map(({ words, means }) => ({ words: [...words], means: [...means] })),
    id: [],
    name: [],
    price: [],
    image: [],
    category: [],
    brand: [],
    words: [],
    soldOut: [],
    rating: '',
  };
  const ratings: string[] = [];
  let lastSoldOut = -1;
  for (const [i, p] of products.entries()) {
    if (p.stock <= 0) {
      file.soldOut.push(i - lastSoldOut);
      lastSoldOut = i;
    }
    ratings.push(String.fromCharCode(RATING_ZERO + Math.round(Math.min(5, Math.max(0, p.rating)) * 10)));
    const slug = slugify(p.name);
    file.id.push(slug && p._id.startsWith(slug) ? `+${p._id.slice(slug.length)}` : p._id);
    file.name.push(p.name);
    file.price.push(salePrice(p));
    const url = p.images?.[0] || p.image || '';
    const own = OWN_PRODUCT_IMAGE.exec(url)?.[1];
    file.image.push(!url ? NONE : own === p._id ? IMAGE_BY_ID : images.at(url));
    file.category.push(categories.at(p.category));
    const name = titleTokens(p.name, true);
    const brand = titleTokens(p.brand, true);
    const nameTokens = new Set(name);
    file.brand.push(brand.every((t) => nameTokens.has(t)) ? NONE : brands.at(p.brand));
    const shown = new Set([...name, ...brand, ...titleTokens(p.category, false)]);
    file.words.push(carriedDescriptionWords(p, shown).map(vocabulary.at));
  }
  file.rating = ratings.join('');
  return file;
}
