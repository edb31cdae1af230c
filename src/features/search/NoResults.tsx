/**
 * A search that finds nothing is no dead end: the panel says so (Clear Search), then, from
 * GET /api/search/nearest, "Did you mean …?" links to rewritten searches that do find products, and
 * "Popular right now": products in stock, as the shop's cards (card-html.ts). What arrives later is
 * drawn below what is already shown, inside the results' box (a screen high), so nothing moves.
 * A failed request shows no more than the panel.
 */
import { useEffect, useState } from 'react';
import { LISTING_LAYOUT, searchQuery, type SearchState } from '#features/catalog/listing-state.ts';
import ProductCardItem from '#features/catalog/ProductCardItem.tsx';
import { paths } from '#lib/paths.ts';
import { fetchNearest, type Nearest } from './nearest-api.ts';

interface Props {
  state: SearchState;
  categoryName?: string;
  onClear: () => void;
  onSearch: (q: string) => void;
}

export default function NoResults({ state, categoryName, onClear, onSearch }: Props) {
  const [nearest, setNearest] = useState<Nearest | null>(null);
  useEffect(() => {
    let current = true;
    setNearest(null);
    fetchNearest(state.q).then((result) => {
      if (current && result.ok) setNearest(result.data);
    });
    return () => {
      current = false;
    };
  }, [state.q]);
  const offered = nearest?.didYouMean ?? [];
  return (
    <>
      <div className="mt-4 rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center" data-testid="no-results">
        <h2 className="text-lg font-semibold text-stone-900">No products found</h2>
        <p className="mt-1 text-sm text-stone-600">
          Nothing matches “{state.q}”{categoryName ? ` in ${categoryName}` : ''}. Check the spelling or try fewer words.
        </p>
        <button type="button" onClick={onClear} className="mt-4 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
          Clear Search
        </button>
      </div>
      {offered.length > 0 && (
        <p className="mt-4 text-base text-stone-800" data-testid="did-you-mean">
          Did you mean{' '}
          {offered.map((q, i) => (
            <span key={q}>
              {i > 0 && (i === offered.length - 1 ? ' or ' : ', ')}
              <a
                href={paths.searchPage() + searchQuery({ ...state, q, category: '' })}
                onClick={(e) => {
                  e.preventDefault();
                  onSearch(q);
                }}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {q}
              </a>
            </span>
          ))}
          ?
        </p>
      )}
      {nearest && nearest.popular.length > 0 && (
        <section className="mt-8" aria-labelledby="search-popular-heading">
          <h2 id="search-popular-heading" className="text-lg font-semibold text-stone-900">
            Popular right now
          </h2>
          <ul className={`mt-3 ${LISTING_LAYOUT[state.view]}`} data-testid="search-popular" aria-label="Popular right now">
            {nearest.popular.map((p) => (
              <ProductCardItem key={p._id} product={p} layout={state.view} eager={false} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
