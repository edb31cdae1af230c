/**
 * The search page as its specs read it: the results list, the page's own search box and the URL's
 * query; the matching rule the results must follow; and a meter of the page's layout shift.
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

/** Sums the page's layout shifts not caused by input into `window.__cls`, from its first paint. */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
