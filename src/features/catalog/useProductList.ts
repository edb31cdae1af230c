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
 * request the page's inline script started for the same query is used instead of a new one
 * (takeFirstListing); if its reply is already in, the first render shows it.
 */
export function useProductList(query: ListQuery | null): ProductListState {
  const key = query ? JSON.stringify(query) : null;
  // Looked for on the first render only; `shown`: the first render showed its reply.
  const early = useRef<{ entry?: PrefetchedListing; shown: boolean } | null>(null);
  if (early.current === null) {
    const entry = query ? takeFirstListing(query) : undefined;
    early.current = { entry, shown: entry?.settled !== undefined };
  }
  // A query's first render is the loading state (or its results), never an empty list for a
  // frame: a placeholder drawn as the loading state (the search page's shell) is then replaced
  // by boxes of its own size.
  const [state, setState] = useState<ListState>(() => {
    const settled = early.current?.shown ? early.current.entry?.settled : undefined;
    return !query ? IDLE : settled ? firstPage(query, settled) : { ...IDLE, status: 'loading', awaitingEarly: early.current?.entry !== undefined };
  });
  const latest = useRef(0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const { entry: prefetched, shown } = early.current ?? { shown: false };
    early.current = { shown: false };
    if (!key) {
      latest.current++;
      setState(IDLE);
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
