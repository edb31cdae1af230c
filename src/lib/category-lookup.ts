/**
 * How a category is named in a URL, an API query, an import file or the seed: by its id, or by its
 * name in any case. An exact id wins over a name.
 */
export interface CategoryRef {
  _id: string;
  name: string;
}

/** A lookup over `categories`: the id of the category `ref` names, or undefined. Later entries win a name. */
export function categoryLookup(categories: readonly CategoryRef[]): (ref: string) => string | undefined {
  const ids = new Set(categories.map((c) => c._id));
  const byName = new Map(categories.map((c) => [c.name.toLowerCase(), c._id]));
  return (ref) => (ids.has(ref) ? ref : byName.get(ref.toLowerCase()));
}
