/**
 * What a product carries to the browser so that the browser's search reads it as the API does
 * (the rule: src/lib/search/): the suggestions' index (src/features/search/index-file.ts) and the
 * cards' `data-search` (the suggestions' last fallback, src/features/search/lookup.ts).
 *
 * Of the description, only the words the rule keeps are carried (three characters or more, not a
 * stop word, not already a name, brand or category token), folded, once each, without their stems:
 * descriptionTokens over them gives the very tokens it gives over the whole description, since it
 * reads exactly those words and adds the stems itself.
 */
import { keepsDescriptionWord, words } from '#lib/search/fold.ts';
import { titleTokens, type SearchFields } from '#lib/search/tokens.ts';

/** The name, brand and category tokens of a product (what its description's words are not repeated from). */
export function titleTokensOf(fields: Omit<SearchFields, 'description'>): Set<string> {
  return new Set([...titleTokens(fields.name, true), ...titleTokens(fields.brand, true), ...titleTokens(fields.category, false)]);
}

/** The description's words the rule keeps, once each, in their order. */
export function carriedDescriptionWords(fields: SearchFields, shown: ReadonlySet<string> = titleTokensOf(fields)): string[] {
  const kept = new Set<string>();
  for (const word of words(fields.description)) if (keepsDescriptionWord(word) && !shown.has(word)) kept.add(word);
  return [...kept];
}

/**
 * A card's `data-search`: its category, brand and carried description words, one a line (the name
 * is the card's own). Static and React cards carry the same text.
 */
export function cardSearchText(fields: SearchFields): string {
  return [fields.category, fields.brand, carriedDescriptionWords(fields).join(' ')].join('\n');
}

/** The fields a card's `data-search` and name give back (what cardSearchText wrote). */
export function fieldsOfCard(name: string, search: string | undefined): SearchFields {
  const [category = '', brand = '', description = ''] = (search ?? '').split('\n');
  return { name, category, brand, description };
}

const cardTexts = new WeakMap<SearchFields, string>();
/** A built card's `data-search` (cardSearchText), worked out once a product: the build renders each product's card on several pages. */
export function builtCardSearchText(product: SearchFields): string {
  let text = cardTexts.get(product);
  if (text === undefined) cardTexts.set(product, (text = cardSearchText(product)));
  return text;
}
