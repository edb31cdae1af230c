/**
 * The search page's first results, drawn before its island runs. When the request the page's head
 * started (listing-api's FIRST_LISTING_GLOBAL) answers, its cards and the count are drawn into the
 * shell (SearchShell) exactly as the island's first render shows them: the same cards
 * (card-html.ts), the same count line, the same listing (the island's own query and parsing). The
 * island then adopts the drawn cards (early-cards.ts) instead of making them again, so nothing
 * flashes or moves when it takes over.
 *
 * Nothing is drawn, and the shell keeps its placeholder cards for the island to replace, when the
 * reply is not a good listing or finds nothing (the island's error and no-results panels are its
 * own), when the shopper changed the shell's category or sort meanwhile (the island asks for
 * those), or when the island has taken the page already. Must not throw.
 *
 * Run by the page's own script (start-page.ts), which loads no React: the results are on the page
 * before the island's code is even asked for.
 */
import { productCardHtml } from '#features/catalog/card-html.ts';
import { drawCards } from '#features/catalog/early-cards.ts';
import { goodListing, peekFirstListing } from '#features/catalog/listing-api.ts';
import type { SearchState } from '#features/catalog/listing-state.ts';
import { resultsCount } from './results-count.ts';
import { resultsQuery } from './results-query.ts';
import { SEARCH_SHELL_ATTRIBUTE, SEARCH_SHELL_GLOBAL, type ShellState } from './shell.ts';

/**
 * Draws the first results into the shell when the early reply is in; resolves with whether it did
 * (false: no term, no request, a reply not to draw, or something went wrong). Never rejects.
 */
export async function drawEarlyResults(): Promise<boolean> {
  try {
    // The head script's reading of the URL: a known sort, a category id (listing-state's parseSearch).
    const state = (globalThis as { [SEARCH_SHELL_GLOBAL]?: ShellState })[SEARCH_SHELL_GLOBAL] as SearchState | undefined;
    const query = state && resultsQuery(state);
    const handoff = query && peekFirstListing(query);
    if (!handoff) return false;
    const text = handoff.text !== undefined ? handoff.text : await handoff.promise;
    return !!text && drawInShell(state!, text);
  } catch {
    return false;
  }
}

function drawInShell(state: SearchState, text: string): boolean {
  const shell = document.querySelector(`[${SEARCH_SHELL_ATTRIBUTE}]`);
  const list = shell?.querySelector('[data-testid="search-results"]');
  const count = shell?.querySelector('[data-testid="search-count"]');
  const category = shell?.querySelector<HTMLSelectElement>('#search-category');
  const sort = shell?.querySelector<HTMLSelectElement>('#search-sort');
  if (!list || !count || !category || !sort || category.value !== state.category || sort.value !== state.sort) return false;
  const listing = goodListing(text);
  if (!listing?.ok || listing.data.products.length === 0) return false;
  const { products, pagination } = listing.data;
  drawCards(
    list,
    products.map((p, i) => ({ id: p._id, html: productCardHtml(p, { layout: state.view, eager: i < 2 }) })),
  );
  // What the island's ready list says: no longer busy, no loading notice, the count.
  list.setAttribute('aria-busy', 'false');
  list.parentElement?.querySelector('p.sr-only[role="status"]')?.remove();
  count.textContent = resultsCount(pagination.total, state.q, state.category ? category.selectedOptions[0]?.text : undefined);
  return true;
}
