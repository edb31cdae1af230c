/**
 * The category page's controls: sort, grid/list, max price and minimum rating over the WHOLE
 * category through the products API. Hydrated on interaction (client:interact), or at once when
 * the URL carries a control's state. Until the shopper asks for something else, the static
 * listing below the island stays; once they do, the island lists the API's products and hides
 * the static listing (`[data-static-listing]`), and shows it again when they come back to it.
 *
 * State lives in the URL (`?sort=&maxPrice=&rating=&view=`, listing-state.ts): every change is a
 * history entry, and back/forward restore it. The server-rendered controls show the defaults, so
 * hydration matches; a choice made on the native controls before hydration is read at mount
 * (controls-form.ts). A first change made before the island has mounted is answered by the page's
 * own script (controls-early.ts), whose request and drawn cards the island takes over.
 * The filters (price slider, rating) sit in the Filters disclosure, closed until the shopper opens
 * it, and are rendered once the island has mounted: the click that opens it wakes the island, so
 * the static page does not carry them (the category page's HTML is held to 14 KB).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import PriceSlider from './PriceSlider.tsx';
import ProductResults from './ProductResults.tsx';
import RatingFilter from './RatingFilter.tsx';
import SortSelect from './SortSelect.tsx';
import ViewToggle from './ViewToggle.tsx';
import { PRICE_MAX, productsQuery, type Filters } from './listing-state.ts';
import { DEFAULT_FILTERS, SORT_KEYS, filtersActive, filtersQuery, listingCountText, listingPath, parseFilters, showsStaticListing } from './listing-filters.ts';
import { CONTROLS_ID, changedControls } from './controls-form.ts';
import { useProductList } from './useProductList.ts';
import { useMounted } from '#components/hooks.ts';
import { paths } from '#lib/paths.ts';

interface Props {
  categoryId: string;
  categoryName: string;
  /** The static page this is (1, 2, …): a view change alone lists from there. */
  page: number;
  /** The price slider's stops, from the category's prices (priceStops), the last no limit. */
  priceStops: number[];
  /** The category's products as built: a filter that leaves none out matches nothing in particular. */
  total: number;
}

const same = (a: Filters, b: Filters) => a.sort === b.sort && a.maxPrice === b.maxPrice && a.rating === b.rating && a.view === b.view;

export default function CategoryBrowser({ categoryId, categoryName, page, priceStops, total }: Props) {
  const [filters, setFilters] = useState<Filters>(DEFAULT_FILTERS);
  // Read during the first render in the browser, before hydration touches the controls.
  const beforeHydration = useRef<Partial<Filters> | null>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const mounted = useMounted();
  // The static page's own path (page 1 may be reached by the category's name as well as its id).
  const here = useRef('');
  if (!here.current && typeof location !== 'undefined') here.current = location.pathname;
  const urlOf = (f: Filters) => listingPath(f, here.current, page > 1 ? paths.category(categoryId) : here.current) + filtersQuery(f);
  if (beforeHydration.current === null && typeof document !== 'undefined') beforeHydration.current = changedControls(document.getElementById(CONTROLS_ID) as HTMLFormElement | null, priceStops);

  useEffect(() => {
    // From here the controls are the island's: the page's early script (controls-early.ts) stops answering them.
    document.getElementById(CONTROLS_ID)?.setAttribute('data-island-mounted', '');
    const fromUrl = () => parseFilters(new URLSearchParams(location.search), priceStops);
    const url = fromUrl();
    const start = { ...url, ...beforeHydration.current };
    setFilters(start);
    if (filtersActive(start) && details.current) details.current.open = true;
    if (!same(start, url)) history.pushState(null, '', urlOf(start));
    // A link to a later page with a sort or filter lists from the first product: the URL says so.
    else if (urlOf(start) !== location.pathname + filtersQuery(start)) history.replaceState(null, '', urlOf(start));
    const onPop = () => {
      const f = fromUrl();
      setFilters(f);
      if (filtersActive(f) && details.current) details.current.open = true;
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const update = (change: Partial<Filters>) => {
    const next = { ...filters, ...change };
    if (same(next, filters)) return;
    setFilters(next);
    history.pushState(null, '', urlOf(next));
  };

  const active = !same(filters, DEFAULT_FILTERS);
  const startPage = showsStaticListing(filters) ? page : 1;
  const list = useProductList(active ? { category: categoryId, ...productsQuery(filters, startPage) } : null);

  // Before the paint: the island's results and the static listing never show together.
  useLayoutEffect(() => {
    for (const el of document.querySelectorAll<HTMLElement>('[data-static-listing]')) el.hidden = active;
  }, [active]);

  const filterCount = (filters.maxPrice < PRICE_MAX ? 1 : 0) + (filters.rating > 0 ? 1 : 0);
  const nothing = list.status === 'ready' && list.total === 0;
  const shown = list.products.length;

  return (
    <div className="mt-5">
      <form id={CONTROLS_ID} aria-label="Sort and filter products" onSubmit={(e) => e.preventDefault()} className="rounded-2xl border border-stone-200 bg-white p-3">
        <div className="flex items-end justify-between gap-3 sm:items-center">
          <SortSelect id="listing-sort" keys={SORT_KEYS} value={filters.sort} onChange={(sort) => update({ sort })} />
          <ViewToggle name="view" value={filters.view} onChange={(view) => update({ view })} />
        </div>
        <details ref={details} className="group mt-3 border-t border-stone-200 pt-3">
          <summary className="flex h-10 w-fit cursor-pointer list-none items-center gap-2 rounded-lg border border-stone-300 px-4 text-sm font-medium text-stone-800 hover:border-brand-600 [&::-webkit-details-marker]:hidden">
            Filters
            {filterCount > 0 && (
              <span className="rounded-full bg-brand-700 px-2 text-xs text-white">
                {filterCount}
                <span className="sr-only"> on</span>
              </span>
            )}
            <span aria-hidden="true" className="transition group-open:rotate-180">
              ▾
            </span>
          </summary>
          {mounted && <FiltersPanel filters={filters} update={update} stops={priceStops} />}
        </details>
      </form>
      {active && (
        <section aria-labelledby="listing-results-heading" className="mt-4">
          <h2 id="listing-results-heading" className="sr-only">
            Products in {categoryName}
          </h2>
          <p className="text-sm text-stone-600" data-testid="listing-count" role="status">
            {list.status === 'loading' && shown === 0
              ? 'Loading products…'
              : nothing
                ? ''
                : listingCountText(shown, list.total, filters, total)}
          </p>
          {nothing ? (
            <div className="mt-4 rounded-2xl border border-dashed border-stone-300 bg-white p-10 text-center" data-testid="no-matches">
              <p className="font-semibold text-stone-800">No products match these filters.</p>
              <button
                type="button"
                onClick={() => update({ maxPrice: PRICE_MAX, rating: 0 })}
                className="mt-3 rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
              >
                Clear all filters
              </button>
            </div>
          ) : (
            <ProductResults list={list} view={filters.view} testId="listing-results" label={`Products in ${categoryName}`} />
          )}
        </section>
      )}
    </div>
  );
}

function FiltersPanel({ filters, update, stops }: { filters: Filters; update: (change: Partial<Filters>) => void; stops: readonly number[] }) {
  return (
    <div className="mt-3 grid gap-5 md:grid-cols-[2fr_3fr] md:gap-8" data-testid="filters-panel">
      <PriceSlider id="listing-max-price" stops={stops} value={filters.maxPrice} onChange={(maxPrice) => update({ maxPrice })} />
      <RatingFilter name="rating" value={filters.rating} onChange={(rating) => update({ rating })} />
    </div>
  );
}
