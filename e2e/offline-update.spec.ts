/**
 * A newer build, with the store's service worker in Chromium: it takes over only from its notice,
 * and then every page, script and cache of the old build is gone.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paths } from '#lib/paths.ts';
import { staticHandler } from '#server/static.ts';
import { buildSite } from '#site-build/build-site.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { serveInFrontOfStore } from './store-proxy.ts';
import { buildIds, underWorker } from './offline.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 120_000 });

test.describe('offline', () => {
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
    const server = await serveInFrontOfStore(baseURL!, staticHandler(() => current));
    const { origin } = server;
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
      await server.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
