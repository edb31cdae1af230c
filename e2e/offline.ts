/**
 * The store's service worker as the offline specs wait for it: the worker running the page, the
 * build ids its caches are named by, and a page kept. These specs let the worker run
 * (`test.use({ serviceWorkers: 'allow' })`); the others block it (playwright.config.ts), since
 * page.route, with which they alter API replies, does not see what a service worker fetches.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Waits until the store's worker runs the page (its precache is complete by then). */
export async function underWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60_000 });
}

/** The names of the store's caches in the page's origin. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** The build ids the store's caches are named by. */
export async function buildIds(page: Page): Promise<string[]> {
  return [...new Set((await cacheNames(page)).flatMap((name) => /^kiryana-([0-9a-f]{12})-/.exec(name)?.[1] ?? []))];
}

/** Waits until the worker keeps the page at `path` (the first page is kept once the worker takes over). */
export async function kept(page: Page, path: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(async (p) => !!(await caches.match(new URL(p, location.href).href)), path), { timeout: 30_000 })
    .toBe(true);
}
