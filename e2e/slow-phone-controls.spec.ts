/**
 * The category controls and the search page on a slow phone (CDP: 400 kbps, 400 ms latency, CPU
 * slowed 6×), with React held back so the islands cannot start: the page's own scripts answer
 * the first change (category) and draw the first results (search), and the islands take over
 * afterwards. No timings here: `npm run bench:slow-phone` measures them.
 */
import type { Page } from '@playwright/test';
import type { Category } from '#lib/schemas/catalog.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { apiIds, cardIds } from './listing-helpers.ts';
import { holdReact, slowPhone } from './slow-phone.ts';

// Everything is slow here on purpose: seconds a step.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

const biggest = (categories: Category[]) => [...categories].sort((a, b) => b.productCount - a.productCount)[0];
const staticGrid = (page: Page) => page.getByTestId('product-grid');
const results = (page: Page) => page.getByTestId('listing-results');
const island = (page: Page) => page.locator('[data-island="category-controls"]');

test.describe('category controls on a slow phone', () => {
  test('the first sort, set with no tap or focus, is shown busy, then sorted; the island takes it over', async ({ page, catalog, request }) => {
    const category = biggest(await catalog.categories());
    const listings: string[] = [];
    page.on('request', (r) => r.url().includes('/api/products?') && listings.push(r.url()));
    const release = await holdReact(page);
    await slowPhone(page);
    await page.goto(`/category/${category._id}/`, { waitUntil: 'commit' });
    await expect(island(page)).toHaveAttribute('data-controls-ready', '');
    const want = await apiIds(request, { category: category._id, sortBy: 'price', sortOrder: 'asc', limit: 48 });

    // The listing's reply is held until the busy state has been seen.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/products?*', async (route) => {
      await answered;
      await route.continue();
    });

    // selectOption alone: no pointer, no focus.
    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(staticGrid(page)).toHaveAttribute('aria-busy', 'true');
    await expect(staticGrid(page)).toHaveClass(/opacity-50/);
    await expect(page.getByTestId('result-count')).toHaveText('Loading products…');
    answer();
    await expect.poll(() => cardIds(staticGrid(page))).toEqual(want);
    await expect(staticGrid(page)).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('result-count')).toHaveText(`Showing ${want.length} of ${category.productCount} products`);
    expect(listings).toHaveLength(1);

    // The island starts, keeps the choice and the drawn cards, and asks nothing again.
    const drawn = await staticGrid(page).getByTestId('product-card').first().evaluate((el) => ((el as unknown as { __mark: number }).__mark = 1));
    expect(drawn).toBe(1);
    release();
    await expect(page.locator('#listing-controls')).toHaveAttribute('data-island-mounted', '');
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price-asc');
    await expect.poll(() => cardIds(results(page))).toEqual(want);
    await expect(staticGrid(page)).toBeHidden();
    expect(await results(page).getByTestId('product-card').first().evaluate((el) => (el as unknown as { __mark?: number }).__mark)).toBe(1);
    expect(listings).toHaveLength(1);

    // Its next change works.
    await page.getByLabel('Sort by').selectOption('name-asc');
    const byName = await apiIds(request, { category: category._id, sortBy: 'name', sortOrder: 'asc', limit: 48 });
    await expect.poll(() => cardIds(results(page))).toEqual(byName);
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('name-asc');
  });

  test('a sort and a view changed by keyboard before the island runs are applied and kept', async ({ page, catalog, request }) => {
    const category = biggest(await catalog.categories());
    const release = await holdReact(page);
    await slowPhone(page);
    await page.goto(`/category/${category._id}/`, { waitUntil: 'commit' });
    await expect(island(page)).toHaveAttribute('data-controls-ready', '');

    await page.getByLabel('Sort by').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Sort by')).toHaveValue('oldest');
    const oldest = await apiIds(request, { category: category._id, sortBy: 'createdAt', sortOrder: 'asc', limit: 48 });
    await expect.poll(() => cardIds(staticGrid(page))).toEqual(oldest);

    await page.getByRole('radio', { name: 'Grid' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
    await expect(staticGrid(page)).toHaveAttribute('data-view', 'list');
    await expect(staticGrid(page)).toHaveAttribute('aria-busy', 'false');
    expect(await cardIds(staticGrid(page))).toEqual(oldest);
    await expect(staticGrid(page).getByTestId('product-card').first()).toHaveClass(/flex-row/);

    release();
    await expect(page.locator('#listing-controls')).toHaveAttribute('data-island-mounted', '');
    await expect.poll(() => new URL(page.url()).search).toBe('?sort=oldest&view=list');
    await expect(results(page)).toHaveAttribute('data-view', 'list');
    await expect.poll(() => cardIds(results(page))).toEqual(oldest);
    await expect(page.getByLabel('Sort by')).toHaveValue('oldest');
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
  });

  test('back at the order as built, the static cards and page links come back', async ({ page, catalog }) => {
    const category = biggest(await catalog.categories());
    await holdReact(page);
    await slowPhone(page);
    await page.goto(`/category/${category._id}/`, { waitUntil: 'commit' });
    await expect(island(page)).toHaveAttribute('data-controls-ready', '');
    const built = await cardIds(staticGrid(page));
    const count = await page.getByTestId('result-count').textContent();
    await page.getByLabel('Sort by').selectOption('name-desc');
    await expect.poll(() => cardIds(staticGrid(page))).not.toEqual(built);
    await page.getByLabel('Sort by').selectOption('newest');
    await expect.poll(() => cardIds(staticGrid(page))).toEqual(built);
    await expect(page.getByTestId('result-count')).toHaveText(count!);
    await expect(staticGrid(page)).toHaveAttribute('aria-busy', 'false');
  });
});

test.describe('search page on a slow phone', () => {
  test('shows the results for a term', async ({ page, catalog }) => {
    const products = await catalog.products();
    const rice = products.filter((p) => `${p.name} ${p.description} ${p.category} ${p.brand}`.toLowerCase().includes('rice'));
    expect(rice.length).toBeGreaterThan(0);
    await slowPhone(page);
    await page.goto('/search/?q=rice', { waitUntil: 'commit' });
    await expect(page.getByTestId('search-results').getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByTestId('search-count')).toContainText('rice');
  });
});
