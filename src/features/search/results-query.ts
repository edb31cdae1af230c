/** The search page's listing query (the island's, and the early cards' check that they draw that very listing). */
import { productsQuery, type SearchState } from '#features/catalog/listing-state.ts';
import type { ListingQuery } from '#features/catalog/listing-api.ts';

/** The API query for the results of `s`: the first page, 48 to a page; null for no term. */
export function resultsQuery(s: SearchState): ListingQuery | null {
  return s.q ? { q: s.q, category: s.category || undefined, ...productsQuery(s, 1) } : null;
}
