/**
 * The search page (/search/?q=&category=&sort=&view=): SPEC.md's search box, category select,
 * sort select, grid/list toggle, result count, no-results panel with Clear Search and loading
 * state, over the products API's search (every word, any case, in name, description, category
 * or brand; the whole catalogue). Rendered in the browser only (client:only): the term is in the
 * URL, which a static page cannot know. The URL carries the state; back/forward restore it.
 *
 * Until this island runs, the page shows SearchShell (the same view, built with the page, its
 * term filled in from the URL), and the first results drawn into it from the page's early request
 * (early-results.ts). The island takes the shell away in the same commit as it draws itself in its
 * place, once that request's reply is in, adopting the cards drawn early.
 */
// First: it draws the results from the early reply while React's code is still to be evaluated.
import './early-results.ts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_SEARCH, parseSearch, searchQuery, SEARCH_SORTS, type SearchState } from '#features/catalog/listing-state.ts';
import { useProductList } from '#features/catalog/useProductList.ts';
import { paths } from '#lib/paths.ts';
import SearchPrompt from './SearchPrompt.tsx';
import SearchView, { type SearchCategory } from './SearchView.tsx';
import { resultsQuery } from './results-query.ts';
import { SEARCH_SHELL_ATTRIBUTE } from './shell.ts';

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
  return {
    ...(category !== undefined ? { category } : {}),
    ...(sort && Object.hasOwn(SEARCH_SORTS, sort) ? { sort: sort as SearchState['sort'] } : {}),
  };
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
  useLayoutEffect(() => {
    if (taken.current || list.awaitingEarly) return;
    taken.current = true;
    const shell = document.querySelector(`[${SEARCH_SHELL_ATTRIBUTE}]`);
    const chosen = shell ? choicesIn(shell) : {};
    shell?.remove();
    // A category or sort the shopper chose in the shell before the island ran is kept.
    if (state.q) update(chosen);
  }, [list.awaitingEarly]);
  if (list.awaitingEarly) return null;
  if (!state.q) return <SearchPrompt onSearch={(q) => update({ q })} />;
  return <SearchView state={state} list={list} categories={categories} update={update} />;
}
