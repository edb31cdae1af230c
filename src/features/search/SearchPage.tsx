/**
 * The search page (/search/?q=&category=&sort=&view=): the search box, category select,
 * sort select, grid/list toggle, result count, no-results panel with Clear Search and loading
 * state, over the products API's search (every word, any case, in name, description, category
 * or brand; the whole catalogue). Rendered in the browser only (client:only): the term is in the
 * URL, which a static page cannot know. The URL carries the state; back/forward restore it.
 *
 * Until this island runs, the page shows SearchShell (the same view, built with the page, its
 * term filled in from the URL), and the first results drawn into it from the page's early request
 * (early-results.ts); it starts at the shopper's first interaction (start-page.ts). The island
 * takes the shell away in the same commit as it draws itself in its place, once that request's
 * reply is in, adopting the cards drawn early and what the shopper did in the shell meanwhile:
 * the category, sort and view chosen, a term being typed, and the focus. While a select of the
 * shell has the focus and nothing chosen yet (its list may be open under the shopper's finger),
 * the island waits for the choice or for the select to be left.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_SEARCH, parseSearch, searchQuery, SEARCH_SORTS, type SearchState } from '#features/catalog/listing-state.ts';
import { useProductList } from '#features/catalog/useProductList.ts';
import { paths } from '#lib/paths.ts';
import SearchPrompt from './SearchPrompt.tsx';
import SearchView, { type SearchCategory } from './SearchView.tsx';
import { resultsQuery } from './results-query.ts';
import { SEARCH_PICKED_ATTRIBUTE, SEARCH_SHELL_ATTRIBUTE } from './shell.ts';

interface Props {
  categories: SearchCategory[];
}

const readUrl = (categories: SearchCategory[]): SearchState => {
  const s = parseSearch(new URLSearchParams(location.search));
  // Links may name a category by id or by name (paths.search); the select lists ids.
  const wanted = s.category.toLowerCase();
  const found = categories.find((c) => c._id === s.category || c.name.toLowerCase() === wanted);
  return { ...s, category: found?._id ?? '' };
};


/** What the shell's controls hold now (the shopper may have changed them before the island ran). */
function choicesIn(shell: Element): Partial<SearchState> {
  const value = (selector: string) => shell.querySelector<HTMLSelectElement | HTMLInputElement>(selector)?.value;
  const category = value('#search-category');
  const sort = value('#search-sort');
  const view = value('input[name="search-view"]:checked');
  return {
    ...(category !== undefined ? { category } : {}),
    ...(sort && Object.hasOwn(SEARCH_SORTS, sort) ? { sort: sort as SearchState['sort'] } : {}),
    ...(view === 'grid' || view === 'list' ? { view } : {}),
  };
}

const shellElement = () => (typeof document === 'undefined' ? null : document.querySelector(`[${SEARCH_SHELL_ATTRIBUTE}]`));

/** A select of the shell in use (focused, nothing chosen yet): its list may be open. */
function selectInUse(): HTMLSelectElement | null {
  const active = document.activeElement;
  return active instanceof HTMLSelectElement && shellElement()?.contains(active) && !active.hasAttribute(SEARCH_PICKED_ATTRIBUTE) ? active : null;
}

/** The island's element for the shell's `from` (same id, or the same radio), focused with the term typed into the shell carried over. */
function carryFocus(from: Element | null, typed: string | undefined): void {
  if (typed !== undefined) {
    const input = document.getElementById('search-page-q');
    if (input instanceof HTMLInputElement && input.value !== typed) {
      // Through the value's own setter and an input event, so React's state takes it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, typed);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  if (!(from instanceof HTMLElement)) return;
  const to = from.id ? document.getElementById(from.id) : from instanceof HTMLInputElement && from.type === 'radio' ? document.querySelector<HTMLElement>(`input[name="${from.name}"][value="${from.value}"]`) : null;
  to?.focus();
  if (to instanceof HTMLInputElement && to.type === 'search') to.setSelectionRange(to.value.length, to.value.length);
}

export default function SearchPage({ categories }: Props) {
  const [state, setState] = useState<SearchState>(() => (typeof location === 'undefined' ? DEFAULT_SEARCH : readUrl(categories)));

  useEffect(() => {
    const onPop = () => setState(readUrl(categories));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [categories]);

  useEffect(() => {
    document.title = state.q ? `Search: ${state.q} | Kiryana` : 'Search | Kiryana';
  }, [state.q]);

  const update = (change: Partial<SearchState>) => {
    const next = { ...state, ...change };
    if (searchQuery(next) === searchQuery(state)) return;
    setState(next);
    history.pushState(null, '', paths.searchPage() + searchQuery(next));
  };

  const list = useProductList(resultsQuery(state));
  // The island takes the page from its shell once its first listing is in: until then the shell
  // shows what the island's loading state would (the same boxes), and the results drawn early from
  // that reply (early-results.ts) land in it without waiting for React to render.
  const taken = useRef(false);
  const [waiting, setWaiting] = useState(() => typeof document !== 'undefined' && selectInUse() !== null);
  useEffect(() => {
    const select = waiting ? selectInUse() : null;
    if (!waiting) return;
    if (!select) return setWaiting(false);
    const go = () => setWaiting(false);
    select.addEventListener('change', go, { once: true });
    select.addEventListener('blur', go, { once: true });
    return () => {
      select.removeEventListener('change', go);
      select.removeEventListener('blur', go);
    };
  }, [waiting]);
  // Read as the island is about to draw itself: once its view is in the page, its view radios
  // (the shell's group, by name) would uncheck the one the shopper checked in the shell.
  const chosenInShell = useRef<Partial<SearchState>>({});
  if (!taken.current && !list.awaitingEarly && !waiting) {
    const shell = shellElement();
    chosenInShell.current = shell ? choicesIn(shell) : {};
  }
  useLayoutEffect(() => {
    if (taken.current || list.awaitingEarly || waiting) return;
    taken.current = true;
    const shell = shellElement();
    const chosen = chosenInShell.current;
    const focused = shell?.contains(document.activeElement) ? document.activeElement : null;
    const box = shell?.querySelector<HTMLInputElement>('#search-page-q');
    const typed = box && box.value !== state.q ? box.value : undefined;
    shell?.remove();
    carryFocus(focused, typed);
    // A category, sort or view the shopper chose in the shell before the island ran is kept.
    if (state.q) update(chosen);
  }, [list.awaitingEarly, waiting]);
  if (list.awaitingEarly || waiting) return null;
  if (!state.q) return <SearchPrompt onSearch={(q) => update({ q })} />;
  return <SearchView state={state} list={list} categories={categories} update={update} />;
}
