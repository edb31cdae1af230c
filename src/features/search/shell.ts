/**
 * The search page before its island runs (SearchShell, filled in by the page's inline scripts):
 * the names both sides use. The head script reads the URL once and leaves what it read in
 * SEARCH_SHELL_GLOBAL; the script after the shell keeps the variant that state needs, removes
 * the others and writes the term in; the island removes the whole shell when it draws itself.
 */
export const SEARCH_SHELL_ATTRIBUTE = 'data-search-shell';
/** On each variant's template in the shell: `prompt` (no term), `grid` or `list` (results in that view). */
export const SEARCH_SHELL_VARIANT = 'data-shell-variant';
export const SEARCH_SHELL_GLOBAL = '__kiryanaSearchShell';

/** What the head script read from the URL, as the island reads it (listing-state's parseSearch, the category as an id). */
export interface ShellState {
  q: string;
  category: string;
  sort: string;
  view: 'grid' | 'list';
}
/** On a shell control the shopper changed before the island ran (start-page.ts). */
export const SEARCH_PICKED_ATTRIBUTE = 'data-picked';
/** The island's element; its props are the JSON script just before it. */
export const SEARCH_ISLAND = 'search';
