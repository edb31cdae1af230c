/**
 * The shopper's browser as the specs set it up: stored lines and items built from the catalogue the
 * API serves (with the store's own rules, so stored data has exactly the shape cards write), seeded
 * into localStorage before any page script runs; a storage that refuses writes; and the API as the
 * page sees it changed (the cart and wishlist calls unanswered, the live figures altered).
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import type { CartLine, WishlistItem } from '#lib/schemas/cart.ts';
import type { LiveProduct } from '#lib/live-figures.ts';
import { cartItemOf } from '#features/cart/rules.ts';
import { itemOf } from '#features/catalog/item.ts';

export function lineOf(product: Product, quantity = 1): CartLine {
  return { ...cartItemOf(itemOf(product)), quantity };
}

export function wishOf(product: Product): WishlistItem {
  return itemOf(product);
}

/**
 * Puts raw values under `guestCart` / `wishlist` once, before the first page of the context loads
 * (a reload keeps what the page wrote since). Values that are not strings are stored as JSON.
 */
export async function seedStorage(page: Page, values: { guestCart?: unknown; wishlist?: unknown }): Promise<void> {
  const raw = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, raw);
}

/** What the page keeps in localStorage under `key` (guestCart, wishlist, token, userName, ...), or null. */
export async function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/** The stored cart or wishlist as its list (null when nothing is stored). */
export async function storedList(page: Page, key: 'guestCart' | 'wishlist'): Promise<unknown> {
  const raw = await stored(page, key);
  return raw === null ? null : JSON.parse(raw);
}

/**
 * Makes every localStorage write of the page throw (as a full or refused storage does) once
 * `window.__refuseWrites` is set; reads still work.
 */
export async function refusableStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const real = window.localStorage;
    const proxy = new Proxy(real, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
      set(target, key, value) {
        if ((window as unknown as { __refuseWrites?: boolean }).__refuseWrites) throw new DOMException('Storage refused', 'QuotaExceededError');
        return Reflect.set(target, key, value, target);
      },
      has: (target, key) => Reflect.has(target, key),
      deleteProperty(target, key) {
        if ((window as unknown as { __refuseWrites?: boolean }).__refuseWrites) throw new DOMException('Storage refused', 'QuotaExceededError');
        return Reflect.deleteProperty(target, key);
      },
    });
    Object.defineProperty(window, 'localStorage', { value: proxy, configurable: true });
  });
}

/**
 * For the tests of the chrome's signed-in state with a made-up token (not of the sync): the cart and
 * wishlist calls get no answer, as if the API were unreachable. The sync keeps the lists as the test
 * left them and never sees the made-up token refused (a 401 would end the session).
 */
export async function withoutListsApi(page: Page): Promise<void> {
  // The whole context: another tab of the test's opens with the same made-up token.
  await page.context().route(/\/api\/(cart|wishlist)(\/|\?|$)/, (route) => route.abort());
}

/**
 * Changes what the page's live-figures requests (GET /api/products/live) answer, as if the catalogue
 * had changed since the page was built: `change` gets each product's real figures and returns the
 * ones to answer, or undefined to leave the product out (no longer sold). Returns the URLs asked.
 */
export async function alterLive(page: Page, change: (figures: LiveProduct) => LiveProduct | undefined): Promise<string[]> {
  const asked: string[] = [];
  await page.route('**/api/products/live?*', async (route) => {
    asked.push(route.request().url());
    const response = await route.fetch();
    const reply = (await response.json()) as { success: true; data: LiveProduct[] };
    reply.data = reply.data.flatMap((figures) => change({ ...figures }) ?? []);
    await route.fulfill({ response, json: reply });
  });
  return asked;
}
