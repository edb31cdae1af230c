/**
 * The rule of a category's name, shared by the catalogue files (catalog.ts), the staff pages and
 * their API (catalog-desk-rules.ts). The name is one segment of its page's address
 * (/category/{name}/), so it must be one the build can make a page at (isPageSegment). Kept apart
 * and small: shop pages load the catalogue's schemas.
 */
import { NO_CONTROLS } from './control-characters.ts';
import { isPageSegment } from './paths.ts';

export const CATEGORY_NAME_MAX = 100;

/** What may be wrong with a category name, in a catalogue file's words (they follow the field's name: "name must not …"). */
export const CATEGORY_NAME_WORDS = {
  required: 'is required',
  long: `must be at most ${CATEGORY_NAME_MAX} characters`,
  controls: 'must not contain control characters',
  slash: 'must not contain a slash (/ or \\), ? or #: it is part of the category page’s address',
  dots: 'must not start with a dot or hold two dots in a row (..): it is part of the category page’s address',
} as const;
export type CategoryNameFault = keyof typeof CATEGORY_NAME_WORDS;

/** What is wrong with a category name (trimmed), or null. */
export function categoryNameFault(name: string): CategoryNameFault | null {
  const t = name.trim();
  if (!t) return 'required';
  if (t.length > CATEGORY_NAME_MAX) return 'long';
  if (!NO_CONTROLS.test(t)) return 'controls';
  if (/[/\\?#]/.test(t)) return 'slash';
  if (!isPageSegment(t)) return 'dots';
  return null;
}
