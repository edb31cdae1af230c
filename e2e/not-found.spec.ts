import { test, expect } from './fixtures.ts';
import { MIN_RATINGS_TO_RANK } from '#features/catalog/home-rows.ts';

const MALFORMED = ['/product/%E0%A4%A', '/category/%E0%A4%A/', '/%E0%A4%A/no/such/page'];

test.describe('error page', () => {
  test('an unknown route offers search, every category and popular products', async ({ page, catalog }) => {
    const categories = await catalog.categories();
    const products = await catalog.products();
    const reply = await page.goto('/no/such/page/');
    expect(reply?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByText('/no/such/page/', { exact: true })).toBeVisible();

    const shelf = page.getByTestId('error-categories');
    await expect(shelf.getByRole('heading', { level: 2, name: 'Shop by category' })).toBeVisible();
    const hrefs = await shelf.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(categories.map((c) => `/category/${encodeURIComponent(c._id)}/`));

    const popular = page.getByTestId('error-popular');
    await expect(popular.getByRole('heading', { level: 2, name: 'Popular right now' })).toBeVisible();
    const ids = await popular.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id')));
    expect(ids).toHaveLength(4);
    // Popular ranks products with enough ratings to be trusted first (see src/features/catalog/home-rows.ts).
    const topRating = Math.max(...products.filter((p) => p.numRatings >= MIN_RATINGS_TO_RANK).map((p) => p.rating));
    expect(products.find((p) => p._id === ids[0])?.rating).toBe(topRating);
    await popular.getByRole('link', { name: products.find((p) => p._id === ids[0])!.name }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${ids[0]}/$`));
  });

  test('its search box searches the store', async ({ page }) => {
    await page.goto('/no/such/page/');
    const search = page.getByRole('search', { name: 'Search the store' });
    await search.getByRole('searchbox', { name: 'Search products' }).fill('basmati rice');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\/\?q=basmati\+rice$/);
  });

  test('an unknown product reads Product Not Found and offers the same ways on', async ({ page }) => {
    const reply = await page.goto('/product/no-such-product-123/');
    expect(reply?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeHidden();
    await expect(page.locator('main').getByRole('searchbox', { name: 'Search products' })).toBeVisible();
    await expect(page.getByTestId('error-categories').getByRole('link').first()).toBeVisible();
    await expect(page.getByTestId('error-popular').getByTestId('product-card')).toHaveCount(4);
  });

  test('is never a page of its own: /404.html and /404/ answer 404, with noindex and no canonical', async ({ page, request }) => {
    for (const path of ['/404.html', '/404/', '/404']) {
      const reply = await request.get(path);
      expect(reply.status(), path).toBe(404);
      expect(await reply.text(), path).toContain('Unexpected Application Error!');
    }
    await page.goto('/no/such/page/');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('meta[property="og:url"]')).toHaveCount(0);
  });

  test('no script throws on a malformed URL', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const path of MALFORMED) {
      const reply = await page.goto(path);
      expect(reply?.status(), path).toBe(404);
      await page.waitForLoadState('load');
    }
    expect(errors).toEqual([]);
  });

  test('Go Back works on a product URL with a malformed escape', async ({ page }) => {
    await page.goto('/');
    await page.goto('/product/%E0%A4%A');
    await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('home-popular')).toBeVisible();
  });
});
