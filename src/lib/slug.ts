/**
 * The one rule that turns a name into an id (product ids, category ids): lowercase ASCII letters
 * and digits in words joined by single dashes, at most 100 characters. Accents are dropped,
 * apostrophes vanish ("Johnson's" → "johnsons") and every other sign, '&' included, separates
 * words: "Fresh & Chilled Food" → "fresh-chilled-food".
 */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}
