/**
 * The search matching rule, pure: the term is split on whitespace and every
 * word must appear, ignoring case, in the product's name, description, category or brand.
 * The API's SQL search and the suggestions' in-browser index implement this same rule; the index
 * keeps it exact with a smaller haystack (src/features/search/index-file.ts). Below the features:
 * the catalogue's cards carry the text it matches, and the search reads it.
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

/**
 * The description's tokens a query word could need beyond the name, category and brand: unique,
 * lowercased, none a substring of another kept token or of a name, category or brand token, in
 * the order they appear (descriptions repeat phrases, and so do their kept tokens).
 */
export function extraTokens(product: Searchable): string[] {
  // A token (no whitespace) is inside one of the texts' tokens exactly when it is inside the
  // texts joined by newlines: one includes() instead of one a token pair (the build's hot loop).
  const shown = `${product.name}\n${product.category}\n${product.brand}`.toLowerCase();
  const own = [...new Set(searchWords(product.description))].filter((t) => !shown.includes(t));
  const joined = own.join('\n');
  let at = 0;
  return own.filter((t) => {
    const start = at;
    at += t.length + 1;
    // Kept when its only occurrence is itself: any other one lies inside a longer token.
    return joined.indexOf(t) === start && joined.indexOf(t, start + 1) === -1;
  });
}

/**
 * What a product card carries besides its name for the suggestions' last fallback (`data-search`,
 * read by lookup.ts's pageProducts): category, brand and the description tokens the others do not
 * already hold (extraTokens: the same words match, in fewer bytes), lowercased, one a line. Static
 * and React cards carry the same text.
 */
export function cardSearchText(product: Searchable): string {
  return [product.category, product.brand, extraTokens(product).join(' ')].join('\n').toLowerCase();
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

const cardTexts = new WeakMap<Searchable, string>();
/** A built card's `data-search` (cardSearchText), worked out once a product: the build renders each product's card on several pages. */
export function builtCardSearchText(product: Searchable): string {
  let text = cardTexts.get(product);
  if (text === undefined) cardTexts.set(product, (text = cardSearchText(product)));
  return text;
}
