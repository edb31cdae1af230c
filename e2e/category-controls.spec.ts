/**
 * The category page's controls: sort, grid/list, price slider and rating filter over the whole
 * category through the API, URL state with back/forward, the static listing before any control
 * is used and without JavaScript, and axe with the controls in use.
 */
import type { Page } from '@playwright/test';
import type { Category, Product } from '#lib/schemas/catalog.ts';
import { salePrice } from '#lib/money.ts';
import { priceStops } from '#features/catalog/listing-filters.ts';
import { test, expect as baseExpect, rs } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { apiIds, cardIds, choose, pick, cardShape, settled, SORT_CASES } from './listing-helpers.ts';

// Results come from the API through an island: on a loaded 2-core machine that can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/** The category with the most products. */
async function biggest(categories: Category[]): Promise<Category> {
  return [...categories].sort((a, b) => b.productCount - a.productCount)[0];
}

const results = (page: Page) => page.getByTestId('listing-results');
const staticGrid = (page: Page) => page.getByTestId('product-grid');
const query = (page: Page) => new URL(page.url()).searchParams;
/** Opens the Filters panel and waits for the island to hydrate (the click starts it). */
async function openFilters(page: Page) {
  await page.locator('summary').filter({ hasText: 'Filters' }).click();
  await expect(page.locator('[data-island="category-controls"]')).toHaveAttribute('data-hydrated', '');
}

test.describe('category page controls', () => {
  test('the static listing stays, without a listing call, until a control is used', async ({ page, catalog }) => {
    const category = await biggest(await catalog.categories());
    const calls: string[] = [];
    const live: string[] = [];
    page.on('request', (r) => r.url().includes('/api/products') && (r.url().includes('/api/products/live?') ? live : calls).push(r.url()));
    await page.goto(`/category/${category._id}/`, { waitUntil: 'networkidle' });
    await expect(staticGrid(page)).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    await expect(page.getByRole('radio', { name: 'Grid' })).toBeChecked();
    expect(calls).toEqual([]);
    expect(live).toHaveLength(1); // the cards' stock and price, once for the page
    expect(await page.evaluate(() => document.querySelector('[data-island="category-controls"]')?.hasAttribute('data-hydrated'))).toBe(false);
  });

  test('every sort lists the whole category in the API order', async ({ page, catalog, request }) => {
    const category = await biggest(await catalog.categories());
    await page.goto(`/category/${category._id}/`);
    for (const [key, label, sortBy, sortOrder] of [...SORT_CASES.slice(1), SORT_CASES[0]]) {
      await pick(page.getByLabel('Sort by'), { label });
      if (key === 'newest') {
        // Back at the static page's own order: the static listing shows again.
        await expect(staticGrid(page)).toBeVisible();
        await expect(results(page)).toHaveCount(0);
        expect(page.url()).not.toContain('?');
        continue;
      }
      await expect.poll(() => query(page).get('sort')).toBe(key);
      const want = await apiIds(request, { category: category._id, sortBy, sortOrder, limit: 48 });
      await expect.poll(() => cardIds(results(page)), { message: label }).toEqual(want);
      await expect(staticGrid(page)).toBeHidden();
      await expect(page.getByTestId('listing-count')).toHaveText(`Showing ${want.length} of ${category.productCount} products`);
    }
  });

  test('a React card is the static card, attribute for attribute', async ({ page, catalog }) => {
    const category = await biggest(await catalog.categories());
    await page.goto(`/category/${category._id}/`);
    const id = (await cardIds(staticGrid(page)))[5]!;
    const before = await cardShape(staticGrid(page).locator(`[data-product-id="${id}"]`));
    await pick(page.getByLabel('Sort by'), 'oldest');
    await expect(results(page).locator(`[data-product-id="${id}"]`)).toBeVisible();
    expect(await cardShape(results(page).locator(`[data-product-id="${id}"]`))).toBe(before);
  });

  test('pages through the whole category with Show more', async ({ page, catalog, request }) => {
    const category = await biggest(await catalog.categories());
    // The seed's categories fit one static page of 48; asking the API for 8 at a time makes the
    // island fetch page after page, as it does for a category of thousands.
    await page.route('**/api/products?*', (route) => route.continue({ url: route.request().url().replace(/limit=48/, 'limit=8') }));
    await page.goto(`/category/${category._id}/?sort=price-desc`);
    const want = await apiIds(request, { category: category._id, sortBy: 'price', sortOrder: 'desc', limit: 500 });
    await expect.poll(() => cardIds(results(page))).toEqual(want.slice(0, 8));
    for (let shown = 8; shown < want.length; shown += 8) {
      await page.getByRole('button', { name: /^Show more/ }).click();
      await expect.poll(() => cardIds(results(page))).toEqual(want.slice(0, shown + 8));
    }
    await expect(page.getByRole('button', { name: /^Show more/ })).toHaveCount(0);
  });

  test('grid and list views, kept in the URL', { tag: '@widths' }, async ({ page, catalog }) => {
    const category = await biggest(await catalog.categories());
    await page.goto(`/category/${category._id}/`);
    await choose(page, 'List');
    await expect.poll(() => query(page).get('view')).toBe('list');
    await expect(results(page)).toHaveAttribute('data-view', 'list');
    await expect(results(page).getByTestId('product-card').first()).toHaveClass(/flex-row/);
    const [first] = await results(page).getByTestId('product-card').all();
    const box = await first.boundingBox();
    expect(box!.width).toBeGreaterThan(box!.height);
    await choose(page, 'Grid');
    await expect(staticGrid(page)).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });

  test('the price slider narrows to the sale prices under its value', async ({ page, catalog, request }) => {
    const category = await biggest(await catalog.categories());
    const all: Product[] = (await (await request.get(`/api/products?category=${category._id}&limit=500`)).json()).data.products;
    const stops = priceStops(all.map(salePrice));
    await page.goto(`/category/${category._id}/`);
    await openFilters(page);
    const slider = page.getByRole('slider', { name: 'Max price' });
    await slider.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('price-output')).toHaveText(rs(stops[2]));
    await expect.poll(() => query(page).get('maxPrice')).toBe(String(stops[2]));
    const want = await apiIds(request, { category: category._id, maxPrice: stops[2], limit: 48 });
    expect(want.length).toBeLessThan(all.length);
    expect(want.length).toBe(all.filter((p) => salePrice(p) <= stops[2]).length);
    await expect.poll(() => cardIds(results(page))).toEqual(want);
  });

  test('the slider has a few stops from the category\'s own prices, each filtering something, then any price', async ({ page, catalog, request }) => {
    const category = await biggest(await catalog.categories());
    const all: Product[] = (await (await request.get(`/api/products?category=${category._id}&limit=500`)).json()).data.products;
    const prices = all.map(salePrice);
    await page.goto(`/category/${category._id}/`);
    await openFilters(page);
    const slider = page.getByRole('slider', { name: 'Max price' });
    await expect(slider).toHaveAttribute('aria-valuetext', 'Any price');
    const stopCount = Number(await slider.getAttribute('max')) + 1;
    expect(stopCount).toBeGreaterThanOrEqual(4);
    expect(stopCount).toBeLessThanOrEqual(7);
    await slider.focus();
    await page.keyboard.press('Home');
    let before = 0;
    for (let i = 0; i < stopCount - 1; i++) {
      if (i > 0) await page.keyboard.press('ArrowRight');
      const text = (await slider.getAttribute('aria-valuetext'))!;
      const stop = Number(text.replace(/[^0-9]/g, ''));
      expect(stop, text).toBeGreaterThanOrEqual(Math.min(...prices));
      await expect.poll(() => query(page).get('maxPrice')).toBe(String(stop));
      // Each stop lets through more than the one before, and not everything.
      const through = prices.filter((p) => p <= stop).length;
      expect(through, text).toBeGreaterThan(before);
      expect(through, text).toBeLessThan(all.length);
      before = through;
      await expect(page.getByTestId('listing-count')).toHaveText(`Showing ${through} of ${through} products matching your filters`);
    }
    await page.keyboard.press('End');
    await expect(page.getByTestId('price-output')).toHaveText('Any price');
    await expect.poll(() => query(page).get('maxPrice')).toBeNull();
    await expect(staticGrid(page)).toBeVisible();
  });

  test('the rating filter and its Clear', async ({ page, catalog, request }) => {
    const category = await biggest(await catalog.categories());
    await page.goto(`/category/${category._id}/`);
    await openFilters(page);
    await choose(page, '4 stars & up');
    await expect.poll(() => query(page).get('rating')).toBe('4');
    const want = await apiIds(request, { category: category._id, rating: 4, limit: 48 });
    await expect.poll(() => cardIds(results(page))).toEqual(want);
    await expect(page.getByRole('radio', { name: '4 stars & up' })).toBeChecked();
    await page.getByRole('button', { name: 'Clear rating filter' }).click();
    await expect.poll(() => query(page).get('rating')).toBeNull();
    await expect(staticGrid(page)).toBeVisible();
  });

  test('clear all filters when nothing matches', async ({ page, catalog, request }) => {
    const category = await biggest(await catalog.categories());
    expect(await apiIds(request, { category: category._id, maxPrice: 100, rating: 5 })).toEqual([]);
    await page.goto(`/category/${category._id}/?maxPrice=100&rating=5&sort=name-asc`);
    await expect(page.getByText('No products match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?sort=name-asc');
    await expect.poll(() => cardIds(results(page))).toEqual(await apiIds(request, { category: category._id, sortBy: 'name', sortOrder: 'asc', limit: 48 }));
  });

  test('back and forward restore the controls and the listing; a shared link opens in its state', async ({ page, catalog, request }) => {
    const category = await biggest(await catalog.categories());
    const staticIds = async () => cardIds(staticGrid(page));
    await page.goto(`/category/${category._id}/`);
    const initial = await staticIds();
    // Hydrated first (the sort and view tests choose before hydration).
    await openFilters(page);
    await pick(page.getByLabel('Sort by'), 'price-asc');
    await expect.poll(() => query(page).get('sort')).toBe('price-asc');
    await choose(page, '3 stars & up');
    await expect.poll(() => query(page).get('rating')).toBe('3');
    const both = await apiIds(request, { category: category._id, sortBy: 'price', sortOrder: 'asc', rating: 3, limit: 48 });
    await expect.poll(() => cardIds(results(page))).toEqual(both);

    await page.goBack();
    await expect(page.getByRole('radio', { name: '3 stars & up' })).not.toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await expect.poll(() => cardIds(results(page))).toEqual(await apiIds(request, { category: category._id, sortBy: 'price', sortOrder: 'asc', limit: 48 }));
    await page.goBack();
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    await expect(staticGrid(page)).toBeVisible();
    expect(await staticIds()).toEqual(initial);
    await page.goForward();
    await page.goForward();
    await expect(page.getByRole('radio', { name: '3 stars & up' })).toBeChecked();
    await expect.poll(() => cardIds(results(page))).toEqual(both);

    await page.goto(`/category/${category._id}/?sort=rating&view=list&rating=2`);
    await expect(page.getByLabel('Sort by')).toHaveValue('rating');
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
    await expect(page.getByRole('radio', { name: '2 stars & up' })).toBeChecked();
    await expect.poll(() => cardIds(results(page))).toEqual(await apiIds(request, { category: category._id, sortBy: 'rating', sortOrder: 'desc', rating: 2, limit: 48 }));
  });

  test('axe: no violations with the controls in use', async ({ page, catalog, request }) => {
    test.setTimeout(90_000);
    const category = await biggest(await catalog.categories());
    await page.goto(`/category/${category._id}/`);
    expect(await axeViolations(page)).toEqual([]);
    await pick(page.getByLabel('Sort by'), 'rating');
    await openFilters(page);
    await choose(page, '4 stars & up');
    const want = await apiIds(request, { category: category._id, sortBy: 'rating', sortOrder: 'desc', rating: 4, limit: 48 });
    await expect.poll(() => cardIds(results(page))).toEqual(want);
    await settled(results(page));
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`/category/${category._id}/?maxPrice=100&rating=5&view=list`);
    await expect(page.getByText('No products match these filters.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('category page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the static listing and its page links work; the controls are hidden', async ({ page, catalog, request }) => {
    const category = await biggest(await catalog.categories());
    await page.goto(`/category/${category._id}/`);
    await expect(page.getByLabel('Sort by')).toBeHidden();
    const ids = await cardIds(staticGrid(page));
    expect(ids).toEqual(await apiIds(request, { category: category._id, limit: 48 }));
    // A later static page, where the catalogue has one (the seed's categories fit one page).
    const later = (await catalog.categories()).find((c) => c.productCount > 48);
    if (later) {
      await page.goto(`/category/${later._id}/`);
      await page.getByRole('link', { name: 'Next →' }).click();
      await expect(page).toHaveURL(new RegExp(`/category/${later._id}/page/2/$`));
      expect(await cardIds(staticGrid(page))).toEqual(await apiIds(request, { category: later._id, limit: 48, page: 2 }));
    }
  });
});
