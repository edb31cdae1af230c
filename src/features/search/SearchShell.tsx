/**
 * The search page's shape before its island runs, rendered with the page at build time (no
 * JavaScript of its own): the prompt, and the results view in grid and in list with every control
 * and a skeleton grid, each variant in a `<template>`. The page's inline script puts the one the URL
 * asks for in the page, drops the others and writes the term in, so the first paint already has the
 * boxes the island will draw. In templates, the variants' boxes (the same ids in each) are never in
 * the document together, and a label always points at the one box shown.
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
  const variant = (name: string) => ({ [SEARCH_SHELL_VARIANT]: name });
  return (
    <div {...shell}>
      <template {...variant('prompt')}>
        <div>
          <SearchPrompt onSearch={nothing} />
        </div>
      </template>
      {(['grid', 'list'] as View[]).map((view) => (
        <template key={view} {...variant(view)}>
          <div>
            <SearchView state={{ ...DEFAULT_SEARCH, view }} list={LOADING} categories={categories} update={nothing} />
          </div>
        </template>
      ))}
    </div>
  );
}
