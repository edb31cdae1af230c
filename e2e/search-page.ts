/**
 * The search page as its specs read it: the results list, the page's own search box and the URL's
 * query; and what the store's search rule says the results are.
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { createSearcher } from '#lib/search/searcher.ts';

export const results = (page: Page) => page.getByTestId('search-results');
export const box = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: 'Search products' });
export const query = (page: Page) => new URL(page.url()).searchParams;

/** The products the store's rule (src/lib/search/) finds for a term, with the shop's dictionary, best first. */
export const found = (products: Product[], term: string, synonyms: readonly SynonymEntry[]) =>
  createSearcher(
    products.map((p) => ({ ...p, id: p._id })),
    synonyms,
  )
    .search(term)
    .map(({ tokens: _, id: __, ...p }) => p as Product);
