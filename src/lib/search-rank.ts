/**
 * How search results of equal relevance are ordered: the same in the API (GET /api/products?q=
 * without a sort, or sortBy=relevance; src/server/catalog/search.ts writes it as SQL), the search
 * page's "Best Match" and the suggestions, whichever source answers them. Relevance itself is the
 * rule's (src/lib/search/match.ts): more words in better places first. Between equals: products in
 * stock before sold-out ones, then the higher rating, then the name A to Z, then the id, so the
 * order is total and the same on every source.
 */
import { byCodeUnits } from './product-id.ts';

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
