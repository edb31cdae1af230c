/**
 * Markup made as strings (product cards, the product page's parts): the escaping Astro applies to
 * the same values, so a part made here is byte for byte what its component rendered.
 * A string rather than a component where a page has many of them: each component instance costs
 * the build about as much as the markup it holds (10,000 product pages, each with some twenty).
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value made safe for HTML (the five characters Astro escapes in text, the same way). */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * One attribute as Astro writes it: none for null, undefined or false; the bare name for true or
 * an empty string; else `name="value"` with `&` and `"` escaped (all Astro escapes in a value).
 */
export function attr(name: string, value: string | number | boolean | null | undefined): string {
  if (value == null || value === false) return '';
  if (value === true || value === '') return ` ${name}`;
  const text = String(value);
  // Most values hold neither character: testing first spares two replacements (thousands a build).
  return ` ${name}="${/[&"]/.test(text) ? text.replace(/&/g, '&amp;').replace(/"/g, '&quot;') : text}"`;
}
