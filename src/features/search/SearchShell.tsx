/**
 * The search page's shape before its island runs, rendered with the page at build time (no
 * JavaScript of its own): the prompt, and the results view in grid and in list with every control
 * and a skeleton grid, each variant hidden. The page's inline script keeps the one the URL asks
 * for and writes the term in, so the first paint already has the boxes the island will draw.
 */
import { DEFAULT_SEARCH, type View } from '#features/catalog/listing-state.ts';
import type { ProductListState } from '#features/catalog/useProductList.ts';
import SearchPrompt from './SearchPrompt.tsx';
import SearchView, { type SearchCategory } from './SearchView.tsx';
import { SEARCH_SHELL_ATTRIBUTE, SEARCH_SHELL_VARIANT } from './shell.ts';

const nothing = () => {};
const LOADING: ProductListState = { status: 'loading', awaitingEarly: false, products: [], total: 0, hasMore: false, loadingMore: false, loadMore: nothing, retry: nothing };

export default function SearchShell({ categories }: { categories: SearchCategory[] }) {
  const shell = { [SEARCH_SHELL_ATTRIBUTE]: '' };
  const variant = (name: string) => ({ [SEARCH_SHELL_VARIANT]: name, hidden: true });
  return (
    <div {...shell}>
      <div {...variant('prompt')}>
        <SearchPrompt onSearch={nothing} />
      </div>
      {(['grid', 'list'] as View[]).map((view) => (
        <div key={view} {...variant(view)}>
          <SearchView state={{ ...DEFAULT_SEARCH, view }} list={LOADING} categories={categories} update={nothing} />
        </div>
      ))}
    </div>
  );
}
