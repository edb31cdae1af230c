/**
 * The search page as its specs read it: the results list, the page's own search box and the URL's
 * query; and the matching rule the results must follow.
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';

export const results = (page: Page) => page.getByTestId('search-results');
export const box = (page: Page) => page.getByRole('main').getByRole('searchbox', { name: 'Search products' });
export const query = (page: Page) => new URL(page.url()).searchParams;

/** A product matches a term when every space-separated word of it is in its name, description, category or brand, ignoring case. */
export const matches = (p: Product, term: string) => {
  const text = [p.name, p.description, p.category, p.brand].join(' ').toLowerCase();
  return term.toLowerCase().split(/\s+/).filter(Boolean).every((w) => text.includes(w));
};
