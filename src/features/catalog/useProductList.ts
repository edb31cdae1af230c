/**
 * A product listing read from the products API, page by page: the first page whenever the query
 * changes, more on request. A reply that arrives after a newer query was asked is dropped, so a
 * shopper who changes the sort twice quickly sees the second order, never the first.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchListing, type ListedProduct, type ListingQuery } from './listing-api.ts';

export type ListQuery = ListingQuery;

export interface ProductListState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  products: ListedProduct[];
  total: number;
  /** More pages exist past those shown. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** `query` null means nothing to fetch (the static listing or the empty search shows instead). */
export function useProductList(query: ListQuery | null): ProductListState {
  const key = query ? JSON.stringify(query) : null;
  const [state, setState] = useState<Omit<ProductListState, 'loadMore' | 'retry'> & { page: number }>({
    status: 'idle',
    products: [],
    total: 0,
    hasMore: false,
    loadingMore: false,
    page: 0,
  });
  const latest = useRef(0);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!key) {
      latest.current++;
      setState({ status: 'idle', products: [], total: 0, hasMore: false, loadingMore: false, page: 0 });
      return;
    }
    const q = JSON.parse(key) as ListQuery;
    const ticket = ++latest.current;
    setState((s) => ({ ...s, status: 'loading', loadingMore: false }));
    void fetchListing(q).then((result) => {
      if (ticket !== latest.current) return;
      if (!result.ok) return setState((s) => ({ ...s, status: 'error', products: [], total: 0, hasMore: false }));
      const { products, pagination } = result.data;
      setState({ status: 'ready', products, total: pagination.total, hasMore: q.page < pagination.pages, loadingMore: false, page: q.page });
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
