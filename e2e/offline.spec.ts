/**
 * Offline, with the store's service worker (src/features/offline/) in Chromium, the context taken
 * offline with `context.setOffline`: a product page seen online opens, adds to the cart, and the
 * cart page (never opened) shows the line; a signed-in shopper's change made offline is sent when
 * the connection returns; suggestions come from the search index kept online; an unseen page is the offline page listing the pages seen; the checkout says a connection is needed, keeps what was typed and places the order once
 * back online; API replies are never answered from a cache, but for the live figures, which are
 * marked; and a newer build takes over only from its notice, with every page, script and cache of
 * the old build gone.
 *
 * The other specs run with the worker blocked (playwright.config.ts): page.route, which they use to
 * alter API replies, does not see what a service worker fetches.
 */
import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { paths } from '#lib/paths.ts';
import { OFFLINE_COPY_FIELD, OFFLINE_COPY_HEADER } from '#features/offline/rules.ts';
import { staticHandler } from '#server/static.ts';
import { NOTICES } from '#features/catalog/product/buy-rules.ts';
import { OFFLINE_MESSAGES } from '#features/checkout/usePlaceOrder.ts';
import { LIVE_CACHE } from '#server/routes/products.ts';
import { buildSite } from '#site-build/build-site.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { createAccount, newEmail, useSession } from './accounts.ts';
import { details, fillCheckout, LABELS, productFor, seedCart } from './checkout.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
const LIVE_STALE_SECONDS = Number(/stale-while-revalidate=(\d+)/.exec(LIVE_CACHE)![1]);
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 120_000 });

/** Waits until the store's worker runs the page (its precache is complete by then). */
async function underWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
}

/** The names of the store's caches in the page's origin. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** The build ids the store's caches are named by. */
async function buildIds(page: Page): Promise<string[]> {
  return [...new Set((await cacheNames(page)).flatMap((name) => /^kiryana-([0-9a-f]{12})-/.exec(name)?.[1] ?? []))];
}

/** Waits until the worker keeps the page at `path` (the first page is kept once the worker takes over). */
async function kept(page: Page, path: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(async (p) => !!(await caches.match(new URL(p, location.href).href)), path), { timeout: 30_000 })
    .toBe(true);
}

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
    // The browser's own HTTP cache may answer the live figures for 3 s after they came
    // (stale-while-revalidate, LIVE_CACHE): past that, only the worker's copy can.
    await page.waitForTimeout((LIVE_STALE_SECONDS + 1) * 1000);

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

  test("a signed-in shopper's cart change made offline, on a page seen, reaches the account once the connection returns", async ({ page, context, catalog, mailbox }) => {
    const product = await productFor(catalog, 15);
    const email = newEmail('offline-sync');
    const token = await createAccount(page.request, mailbox, email);
    await useSession(page, token, { name: 'Bilal Ahmed', email, phone: '03219876543' });
    const serverCart = async () => {
      const reply = await page.request.get('/api/cart', { headers: { Authorization: `Bearer ${token}` } });
      return Object.fromEntries(((await reply.json()) as { cart: { productId: string; quantity: number }[] }).cart.map((l) => [l.productId, l.quantity]));
    };
    const productPath = paths.product(product._id);
    await page.goto(productPath);
    await underWorker(page);
    await kept(page, productPath);

    await context.setOffline(true);
    await page.reload();
    await page.locator('[data-buy-box]').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.locator('[data-buy-box] [data-add-to-cart]')).toHaveText('Added to Cart!');
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('syncOutbox:')).length)).toBe(1);
    expect(await serverCart()).toEqual({});

    // The outbox is sent when the browser is online again (its own 'online' event), no reload.
    await context.setOffline(false);
    await expect.poll(serverCart, { timeout: 30_000 }).toEqual({ [product._id]: 1 });
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('syncOutbox:')).length)).toBe(0);
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

  test('checkout offline says a connection is needed, keeps what was typed, and places the order once back online', async ({ page, context, catalog }) => {
    const product = await productFor(catalog, 14);
    await seedCart(page, [[product, 1]]);
    await page.goto('/');
    await underWorker(page);

    await context.setOffline(true);
    await page.goto(paths.checkout());
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const note = page.getByTestId('checkout-offline');
    await expect(note).toBeVisible();
    await expect(note).toHaveText('You are offline. You can check your cart and fill in your details here, but placing the order needs an internet connection.');
    const typed = details(newEmail('offline'));
    await fillCheckout(page, typed);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('alert').filter({ hasText: OFFLINE_MESSAGES.notSent })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout-page\/$/);
    for (const [key, label] of Object.entries(LABELS) as [keyof typeof typed, string][]) await expect(page.getByLabel(label, { exact: true })).toHaveValue(typed[key]);
    await expect(page.getByText('Order placed successfully')).toHaveCount(0);

    await context.setOffline(false);
    await expect(note).toBeHidden();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/success\//, { timeout: 30_000 });
  });

  /*
   * A new build takes over: the store's e2e build (A) and a build of other code (B, the cart's
   * line cap baked into the scripts is another) served in turn on a server of this test's own (the
   * store's static handler; /api/ passed to the store), so no other test meets the swap.
   */
  test('a newer build: the page says so, and Reload brings every page and script of it, the old caches gone', { tag: '@phone-only' }, async ({ page, context, baseURL }) => {
    test.setTimeout(480_000);
    const distA = fileURLToPath(new URL('../.cache/e2e/dist', import.meta.url));
    const root = fileURLToPath(new URL('../.cache/e2e-offline', import.meta.url));
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    const distB = join(root, 'dist');
    await buildSite({ apiUrl: baseURL!, distDir: distB, log: () => {}, env: { SITE_URL: baseURL!, ORDER_MAX_LINE_QUANTITY: '19' } });

    let current = distA;
    const files = staticHandler(() => current);
    const toStore = async (request: Request) => {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      headers.delete('host');
      const reply = await fetch(new URL(url.pathname + url.search, baseURL), { method: request.method, headers });
      const out = new Headers(reply.headers);
      out.delete('content-encoding');
      out.delete('content-length');
      return new Response(reply.body, { status: reply.status, headers: out });
    };
    const server = await new Promise<ReturnType<typeof serve>>((done) => {
      const s = serve({ fetch: (request) => (new URL(request.url).pathname.startsWith('/api/') ? toStore(request) : files(request)), port: 0, hostname: '127.0.0.1' }, () => done(s));
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await page.goto(`${origin}/`);
      await underWorker(page);
      const [idA] = await buildIds(page);
      expect(idA).toBeTruthy();

      current = distB;
      await page.goto(`${origin}${paths.textPage('about')}`);
      // The notice is wired on the first interaction (a focus here).
      await page.getByRole('link', { name: 'Skip to content' }).focus();
      const notice = page.getByText('A newer version of Kiryana is ready.');
      await expect(notice).toBeVisible({ timeout: 60_000 });
      await page.screenshot({ path: test.info().outputPath('update-notice-375.png') });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: test.info().outputPath('update-notice-1280.png') });
      await page.setViewportSize({ width: 375, height: 812 });
      // Not before the shopper says so: the old build's caches are all there still.
      expect(await buildIds(page)).toEqual([idA]);

      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
      await expect.poll(() => buildIds(page), { timeout: 30_000 }).not.toContain(idA);
      const [idB] = await buildIds(page);
      expect(await buildIds(page)).toEqual([idB]);
      await expect(notice).toBeHidden();

      // Every script of the page, and of the cart page opened offline from the new precache, is B's.
      const scriptsOf = () =>
        page.evaluate(() => [
          ...new Set([...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src).concat(performance.getEntriesByType('resource').map((e) => e.name)).map((u) => new URL(u).pathname).filter((p) => p.startsWith('/_astro/'))),
        ]);
      const check = async () => {
        const scripts = await scriptsOf();
        expect(scripts.length).toBeGreaterThan(0);
        for (const script of scripts) expect(existsSync(join(distB, script)), script).toBe(true);
        return scripts;
      };
      await check();
      await context.setOffline(true);
      await page.goto(`${origin}${paths.cart()}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const cartScripts = await check();
      // B's code differs from A's: its cart page runs scripts A never had.
      expect(cartScripts.some((script) => !existsSync(join(distA, script)))).toBe(true);
      await context.setOffline(false);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
      await rm(root, { recursive: true, force: true });
    }
  });
});
