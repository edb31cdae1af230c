/**
 * The search suggestions as their specs use them: the term most tests type, the page's visible
 * search box (the header's or the drawer's), the five the store's rule says come first, the
 * suggestions' API call, and a click outside the form.
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { createSearcher } from '#lib/search/searcher.ts';
import { expect } from './fixtures.ts';

export const TERM = 'masala';

/** The page's visible search box: the header's on desktop, the drawer's (opened) on a phone. */
export async function searchBox(page: Page, path = '/about/') {
  await page.goto(path);
  if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole('button', { name: 'Open menu' }).click();
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.click();
  return box;
}

/** The visible search box once its island is mounted (it marks the form), so every keystroke is the island's. */
export async function mountedSearchBox(page: Page) {
  const box = await searchBox(page);
  await expect(page.locator('form[data-suggest-mounted]').filter({ has: box })).toHaveCount(1);
  return box;
}

/** What the store's rule (src/lib/search/) says the first five are, over the whole products and the shop's dictionary. */
export function expected(products: Product[], term: string, synonyms: readonly SynonymEntry[] = []) {
  return createSearcher(
    products.map((p) => ({ ...p, id: p._id })),
    synonyms,
  )
    .search(term, 5)
    .map(({ tokens: _, id: __, ...p }) => p as Product);
}

export const isSearchCall = (url: URL) => url.pathname === '/api/products' && url.searchParams.has('q');

/** Clicks outside the search form: the drawer's title on a phone, the page's left margin on desktop. */
export async function clickOutside(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 768) await page.locator('[data-drawer] span', { hasText: 'Kiryana' }).click();
  else await page.mouse.click(20, 600);
}
