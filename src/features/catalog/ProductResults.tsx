/**
 * Products an island fetched, as a grid or a list of cards (ProductCardItem), with the loading state
 * (on a first load, skeleton cards the size of the real ones, FIRST_CARDS of them: the cards'
 * first render takes their place; the previous cards dimmed while a new order loads), an error
 * with Try Again, and Show more for the next page. The empty state is the caller's: it differs
 * between search (Clear Search) and category (Clear all filters).
 */
import { startTransition, useEffect, useState } from 'react';
import CardSkeleton from './CardSkeleton.tsx';
import ProductCardItem from './ProductCardItem.tsx';
import { drawnCount } from './early-cards.ts';
import type { ProductListState } from './useProductList.ts';
import { LISTING_LAYOUT as LAYOUT, type View } from './listing-state.ts';

interface Props {
  list: ProductListState;
  view: View;
  /** data-testid of the list: benchmarks and tests find the cards through it. */
  testId: string;
  label: string;
}

/**
 * Cards drawn in the first render of a list: a wide screen's first two rows. The rest follow in a
 * transition, so the browser can paint the first screen of results before React has made all 48
 * cards (about 1 ms a card on a slow phone). Cards drawn before the island (early-cards.ts) cost
 * nothing to take: they are all in the first render.
 */
export const FIRST_CARDS = 10;

function useRevealed(total: number): number {
  const [revealed, setRevealed] = useState(() => Math.max(FIRST_CARDS, drawnCount()));
  useEffect(() => {
    if (revealed < total) startTransition(() => setRevealed(total));
  }, [revealed, total]);
  return revealed;
}

export default function ProductResults({ list, view, testId, label }: Props) {
  const firstLoad = list.status === 'loading' && list.products.length === 0;
  const revealed = useRevealed(list.products.length);
  if (list.status === 'error') {
    return (
      <div className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6 text-center" role="alert">
        <p className="font-semibold text-red-800">Could not load products. Please try again.</p>
        <button type="button" onClick={list.retry} className="mt-3 rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          Try Again
        </button>
      </div>
    );
  }
  return (
    <div className="mt-4">
      <ul
        className={`${LAYOUT[view]} transition-opacity ${list.status === 'loading' && !firstLoad ? 'opacity-50' : ''}`}
        data-testid={testId}
        data-view={view}
        aria-label={label}
        aria-busy={list.status === 'loading'}
      >
        {firstLoad
          ? Array.from({ length: FIRST_CARDS }, (_, i) => (
              <li key={i} aria-hidden="true">
                <CardSkeleton layout={view} />
              </li>
            ))
          : list.products.slice(0, revealed).map((p, i) => <ProductCardItem key={p._id} product={p} layout={view} eager={i < 2} />)}
      </ul>
      {firstLoad && (
        <p className="sr-only" role="status">
          Loading products…
        </p>
      )}
      {list.hasMore && (
        <div className="mt-8 flex justify-center">
          <button
            type="button"
            onClick={list.loadMore}
            disabled={list.loadingMore}
            className="rounded-full border border-stone-300 bg-white px-6 py-2.5 text-sm font-semibold text-stone-800 hover:border-brand-600 disabled:opacity-60"
          >
            {list.loadingMore ? 'Loading…' : `Show more (${list.total - list.products.length} left)`}
          </button>
        </div>
      )}
    </div>
  );
}
