/**
 * What the search page shows for a term, from its state and its results: heading, search box,
 * category and sort selects, the count beside the grid/list toggle, then the results or, when
 * nothing is found, the no-results panel (NoResults: Clear Search, did you mean, popular products). Pure markup over its props, so the build renders it too
 * (SearchShell: the page's shape before the island runs) and the island's first render lands on
 * the very same boxes.
 *
 * Nothing below the count moves when results arrive: the count is at most two lines, as high as
 * the toggle beside it, and the results take at least a screen's height, so a short list, the
 * no-results panel or an error never pulls the footer up into view.
 */
import ProductResults from '#features/catalog/ProductResults.tsx';
import SortSelect from '#features/catalog/SortSelect.tsx';
import ViewToggle from '#features/catalog/ViewToggle.tsx';
import { DEFAULT_SEARCH, SEARCH_SORT_KEYS, type SearchState } from '#features/catalog/listing-state.ts';
import type { ProductListState } from '#features/catalog/useProductList.ts';
import NoResults from './NoResults.tsx';
import SearchBox from './SearchBox.tsx';
import { resultsCount } from './results-count.ts';

export interface SearchCategory {
  _id: string;
  name: string;
}

interface Props {
  state: SearchState;
  list: ProductListState;
  categories: SearchCategory[];
  update: (change: Partial<SearchState>) => void;
}

export default function SearchView({ state, list, categories, update }: Props) {
  const categoryName = categories.find((c) => c._id === state.category)?.name;
  const nothing = list.status === 'ready' && list.total === 0;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:py-10" data-testid="search-page">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">Results for “{state.q}”</h1>
      <form role="search" aria-label="Search the store" onSubmit={(e) => e.preventDefault()} className="mt-4 rounded-2xl border border-stone-200 bg-white p-3">
        <SearchBox id="search-page-q" initial={state.q} onSearch={(q) => update({ q })} />
        <div className="mt-3 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap sm:items-center">
          <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
            <label htmlFor="search-category" className="shrink-0 text-xs font-medium text-stone-700 sm:text-sm">
              Category
            </label>
            <select
              id="search-category"
              value={state.category}
              onChange={(e) => update({ category: e.currentTarget.value })}
              className="h-10 w-full min-w-0 rounded-lg sm:w-56 border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
            >
              <option value="">All Categories</option>
              {categories.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <SortSelect id="search-sort" keys={SEARCH_SORT_KEYS} value={state.sort} onChange={(sort) => update({ sort })} />
        </div>
      </form>
      <div className="mt-4 flex items-center justify-between gap-3">
        <p className="line-clamp-2 min-w-0 text-sm text-stone-600" role="status" data-testid="search-count">
          {list.status === 'loading' && list.products.length === 0
            ? 'Searching…'
            : list.status === 'ready'
              ? resultsCount(list.total, state.q, categoryName)
              : ''}
        </p>
        <ViewToggle name="search-view" value={state.view} onChange={(view) => update({ view })} />
      </div>
      <div className="min-h-svh">
        {nothing ? (
          <NoResults
            state={state}
            categoryName={categoryName}
            onClear={() => update({ ...DEFAULT_SEARCH, sort: state.sort, view: state.view })}
            onSearch={(q) => update({ q, category: '' })}
          />
        ) : (
          <section aria-labelledby="search-results-heading">
            <h2 id="search-results-heading" className="sr-only">
              Search results
            </h2>
            <ProductResults list={list} view={state.view} testId="search-results" label={`Results for ${state.q}`} />
          </section>
        )}
      </div>
    </div>
  );
}
