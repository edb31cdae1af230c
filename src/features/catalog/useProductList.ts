/**
 * A product listing read from the products API, page by page: the first page whenever the query
 * changes, more on request. A reply that arrives after a newer query was asked is dropped, so a
 * shopper who changes the sort twice quickly sees the second order, never the first.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchListing, takeFirstListing, type ListedProduct, type PrefetchedListing, type ListingPage, type ListingQuery } from './listing-api.ts';
import type { ApiResult } from '#lib/api.ts';

export type ListQuery = ListingQuery;

export interface ProductListState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Loading the first listing through the request the page's head started (takeFirstListing), its reply not in yet. */
  awaitingEarly: boolean;
  products: ListedProduct[];
  total: number;
  /** More pages exist past those shown. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

type ListState = Omit<ProductListState, 'loadMore' | 'retry'> & { page: number };

const IDLE: ListState = { status: 'idle', awaitingEarly: false, products: [], total: 0, hasMore: false, loadingMore: false, page: 0 };

/** The state a first-page reply to `q` leads to. */
function firstPage(q: ListQuery, result: ApiResult<ListingPage>): ListState {
  if (!result.ok) return { ...IDLE, status: 'error' };
  const { products, pagination } = result.data;
  return { status: 'ready', awaitingEarly: false, products, total: pagination.total, hasMore: q.page < pagination.pages, loadingMore: false, page: q.page };
}

/**
 * `query` null means nothing to fetch (the static listing or the empty search shows instead). A
 * request a page script started for the same query is used instead of a new one
 * (takeFirstListing): the search page's head asks for its first listing, the category page's
 * early script (controls-early.ts) for the first change made before the island ran. It is looked
 * for whenever the query changes, in the render itself: if its reply is already in, that render
 * shows it, so the cards drawn from it are adopted with no loading state between.
 */
export function useProductList(query: ListQuery | null): ProductListState {
  const key = query ? JSON.stringify(query) : null;
  // The query the state was last set up for, and what was found for it.
  const early = useRef<{ key: string | null; entry?: PrefetchedListing; shown: boolean } | null>(null);
  const lookFor = () => {
    const entry = query ? takeFirstListing(query) : undefined;
    early.current = { key, entry, shown: entry?.settled !== undefined };
  };
  // A query's render is the loading state (or its results), never an empty list for a frame: a
  // placeholder drawn as the loading state (the search page's shell) is then replaced by boxes
  // of its own size.
  const initial = (): ListState => {
    const settled = early.current?.shown ? early.current.entry?.settled : undefined;
    return !query ? IDLE : settled ? firstPage(query, settled) : { ...IDLE, status: 'loading', awaitingEarly: early.current?.entry !== undefined };
  };
  if (early.current === null) lookFor();
  const [state, setState] = useState<ListState>(initial);
  if (early.current!.key !== key) {
    // The query changed: set up its state in this very render (React renders again at once). The
    // cards shown stay, dimmed, while another order loads.
    lookFor();
    const next = initial();
    setState((s) => (next.status === 'loading' && s.products.length > 0 ? { ...s, status: 'loading', awaitingEarly: next.awaitingEarly, loadingMore: false } : next));
  }
  const latest = useRef(0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const { entry: prefetched, shown } = early.current ?? { shown: false };
    // Used once: a later run for the same key (Try Again) asks the API.
    if (early.current) early.current = { key, shown: false };
    if (!key) {
      latest.current++;
      return;
    }
    const q = JSON.parse(key) as ListQuery;
    const ticket = ++latest.current;
    // Rendered from the prefetched reply already: nothing to ask.
    if (shown) return;
    setState((s) => ({ ...s, status: 'loading', awaitingEarly: prefetched !== undefined, loadingMore: false }));
    void (prefetched?.promise ?? fetchListing(q)).then((result) => {
      if (ticket !== latest.current) return;
      setState(firstPage(q, result));
    });
  }, [key, attempt]);

  const loadMore = useCallback(() => {
    if (!key || state.status !== 'ready' || !state.hasMore || state.loadingMore) return;
    const q = { ...(JSON.parse(key) as ListQuery), page: state.page + 1 };
    const ticket = latest.current;
    setState((s) => ({ ...s, loadingMore: true }));
    void fetchListing(q).then((result) => {
      if (ticket !== latest.current) return;
      if (!result.ok) return setState((s) => ({ ...s, loadingMore: false }));
      const { products, pagination } = result.data;
      setState((s) => {
        const seen = new Set(s.products.map((p) => p._id));
        return {
          ...s,
          products: [...s.products, ...products.filter((p) => !seen.has(p._id))],
          total: pagination.total,
          hasMore: q.page < pagination.pages,
          loadingMore: false,
          page: q.page,
        };
      });
    });
  }, [key, state.status, state.hasMore, state.loadingMore, state.page]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const { page: _page, ...rest } = state;
  return { ...rest, loadMore, retry };
}
