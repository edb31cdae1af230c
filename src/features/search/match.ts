/**
 * The search matching rule (SPEC.md section 5), pure: the term is split on whitespace and every
 * word must appear, ignoring case, in the product's name, description, category or brand.
 * The API's SQL search and the suggestions' in-browser index implement this same rule; the index
 * keeps it exact with a smaller haystack (see index.ts).
 */

/** The fields the rule reads. */
export interface Searchable {
  name: string;
  description: string;
  category: string;
  brand: string;
}

/** The term's words, lowercased; empty for a blank term (which matches nothing worth showing). */
export function searchWords(term: string): string[] {
  return term.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * One lowercased string holding the four fields, separated by newlines: a query word has no
 * whitespace, so it can never match across two fields.
 */
export function haystackOf(product: Searchable): string {
  return [product.name, product.description, product.category, product.brand].map((f) => f.toLowerCase()).join('\n');
}

/** Every word appears in the haystack. `words` must come from searchWords (lowercased). */
export function matchesWords(haystack: string, words: readonly string[]): boolean {
  for (const word of words) if (!haystack.includes(word)) return false;
  return true;
}

/** The plain rule over a product. */
export function matchesTerm(product: Searchable, term: string): boolean {
  return matchesWords(haystackOf(product), searchWords(term));
}
