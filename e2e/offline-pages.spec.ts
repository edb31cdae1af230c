/**
 * Pages offline, with the store's service worker (src/features/offline/) in Chromium and the
 * context taken offline with `context.setOffline`: a product page seen online opens, adds to the
 * cart, and the cart page (never opened) shows the line, its live figures the marked copy; an
 * unseen page is the offline page listing the pages seen; suggestions come from the search index
 * kept online; and API replies are never answered from a cache, but for the live figures.
 */
import { paths } from '#lib/paths.ts';
import { OFFLINE_COPY_FIELD, OFFLINE_COPY_HEADER } from '#lib/offline-copy.ts';
import { NOTICES } from '#features/catalog/product/buy-rules.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { productFor } from './checkout.ts';
import { kept, underWorker } from './offline.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 120_000 });

test.describe('offline', () => {
  test('a product page seen online opens offline, adds to the cart, and the cart page never opened shows the line; its live figures are the marked copy', async ({ page, context, catalog }) => {
    const product = await productFor(catalog, 14);
    const productPath = paths.product(product._id);
    await page.goto(productPath);
    await underWorker(page);
    await kept(page, productPath);
    // Seen again with the worker running the page: its live figures are kept too.
    await page.reload();
    const liveUrl = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).find((name) => name.includes('/api/products/live?'))!);
    expect(liveUrl).toBeTruthy();
    await kept(page, liveUrl);
    // The browser's own HTTP cache may answer the live figures for a while after they came
    // (stale-while-revalidate, LIVE_CACHE): emptied, only the worker's copy can.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    // The live figures come from the copy kept online, and the page says they may be out of date.
    await expect(page.locator('[data-live-notice]')).toContainText(NOTICES.offlineCopy);
    const copy = await page.evaluate(async ([url, header, field]) => {
      const reply = await fetch(url);
      const json = (await reply.json()) as { data: { _id: string }[] } & Record<string, unknown>;
      return { status: reply.status, header: reply.headers.get(header), field: json[field], ids: json.data.map((p) => p._id) };
    }, [liveUrl, OFFLINE_COPY_HEADER, OFFLINE_COPY_FIELD] as const);
    expect(copy.status).toBe(200);
    expect(copy.header).toMatch(/GMT$/);
    expect(copy.field).toBe(copy.header);
    expect(copy.ids).toContain(product._id);

    await page.locator('[data-buy-box]').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.locator('[data-buy-box] [data-add-to-cart]')).toHaveText('Added to Cart!');
    await page.goto(paths.cart());
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(product.name);
    await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
    // The wishlist page, never opened either, opens too.
    await page.goto(paths.wishlist());
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(false);
  });

  test('a page never seen shows the offline page, with the home page and the pages seen as links that open', async ({ page, context }) => {
    await page.goto('/');
    await underWorker(page);
    await page.goto(paths.textPage('about'));
    await page.goto(paths.textPage('shipping'));
    await kept(page, paths.textPage('shipping'));
    const shippingTitle = (await page.title()).replace(/ \| Kiryana$/, '');

    await context.setOffline(true);
    await page.goto(paths.textPage('faq'));
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('There is no internet connection')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    const seen = page.locator('[data-seen-pages] a');
    await expect(seen.filter({ hasText: shippingTitle })).toHaveAttribute('href', paths.textPage('shipping'));
    await expect(seen.locator(`xpath=self::a[@href="${paths.textPage('about')}"]`)).toHaveCount(1);
    await expect(seen.locator('xpath=self::a[@href="/"]')).toHaveCount(1);
    await expect(page.locator('[data-none-seen]')).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('offline-page.png'), fullPage: true });
    await seen.filter({ hasText: shippingTitle }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.textPage('shipping')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(false);
  });

  test('suggestions offline come from the search index the worker kept online', async ({ page, context }) => {
    const about = paths.textPage('about');
    await page.goto(about);
    await underWorker(page);
    await kept(page, about);
    const suggest = async () => {
      if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.click();
      await box.pressSequentially('masala');
      await expect(page.getByRole('option')).toHaveCount(5);
      return page.getByRole('option').allInnerTexts();
    };
    const online = await suggest();
    await kept(page, '/search-index.json');

    await context.setOffline(true);
    await page.reload();
    // The API cannot answer and the page has no product cards: five suggestions are the index's.
    expect(await suggest()).toEqual(online);
    await context.setOffline(false);
  });

  test('API replies are never answered from a cache: offline they fail as offline', async ({ page, context, catalog }) => {
    const product = await productFor(catalog, 15);
    await page.goto('/');
    await underWorker(page);
    const id = encodeURIComponent(product._id);
    const calls = ['/api/users/me', '/api/order', '/api/cart', '/api/wishlist', `/api/users/someone/review?productId=${id}`, `/api/products/${id}`, '/api/products?limit=1'];
    // Past the browser's HTTP cache (the catalogue's replies may be kept there for a minute): what
    // answers offline here could only be the worker.
    const ask = () =>
      page.evaluate(
        (urls) => Promise.all(urls.map((url) => fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } }).then((r) => r.status, () => 'failed'))),
        calls,
      );
    const online = await ask();
    expect(online.every((status) => typeof status === 'number')).toBe(true);
    await context.setOffline(true);
    expect(await ask()).toEqual(calls.map(() => 'failed'));
    const keptApi = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls.filter((url) => new URL(url).pathname.startsWith('/api/'));
    });
    expect(keptApi.every((url) => new URL(url).pathname === '/api/products/live')).toBe(true);
    await context.setOffline(false);
  });
});
