/**
 * The search suggestions as their specs use them: the term most tests type, the page's visible
 * search box (the header's or the drawer's), the five the store's rule says come first, the
 * suggestions' API call, and a click outside the form.
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { matchesTerm, searchWords } from '#lib/search-match.ts';
import { compareRanked, relevance } from '#lib/search-rank.ts';
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

export const fieldsOf = (p: Product) => ({ name: p.name.toLowerCase(), brand: p.brand.toLowerCase(), category: p.category.toLowerCase() });

/** What the rule says the first five are: every word in name, description, category or brand, ranked (src/lib/search-rank.ts). */
export function expected(products: Product[], term: string) {
  const words = searchWords(term);
  return products
    .filter((p) => matchesTerm(p, term))
    .map((p) => ({ p, relevance: relevance(fieldsOf(p), words), stock: p.stock, rating: p.rating, name: p.name, id: p._id }))
    .sort(compareRanked)
    .slice(0, 5)
    .map(({ p }) => p);
}

export const isSearchCall = (url: URL) => url.pathname === '/api/products' && url.searchParams.has('q');

/** Clicks outside the search form: the drawer's title on a phone, the page's left margin on desktop. */
export async function clickOutside(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 768) await page.locator('[data-drawer] span', { hasText: 'Kiryana' }).click();
  else await page.mouse.click(20, 600);
}
