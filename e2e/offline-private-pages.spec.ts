/**
 * A shopper's private pages on a shared phone, with the store's service worker running in Chromium
 * (src/features/offline/): an order placed as a guest and one placed signed in, their confirmation
 * and status pages and the account pages opened online; no cache keeps any of them, and with the
 * network gone each shows the offline page, which lists the pages seen but none of them. Logout
 * removes a private page an earlier worker had kept, and the shopper's details with the session.
 */
import type { Page } from '@playwright/test';
import { paths } from '#lib/paths.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { newEmail, signInNewAccount } from './accounts.ts';
import { details, fillCheckout, idFromUrl, productFor, seedCart } from './checkout.ts';
import { stored } from './shopper.ts';
import { kept, underWorker } from './offline.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 150_000 });

/** Every URL the store's caches hold on this device, as paths. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) found.push(new URL(request.url).pathname);
    return found;
  });

const isPrivate = (path: string) => /^\/(order|passwordreset|account|profile)(\/|$)/.test(path);

/** Offline, each of `private` opens as the offline page, listing `seen` and none of `private`. */
async function offlineShowsNone(page: Page, privatePaths: string[], seen: string) {
  await page.context().setOffline(true);
  try {
    for (const path of privatePaths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'You are offline' }), path).toBeVisible();
      const listed = page.locator('[data-seen-pages] a');
      await expect(listed.locator(`xpath=self::a[@href="${seen}"]`)).toHaveCount(1);
      const hrefs = await listed.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.filter((href) => isPrivate(new URL(href, 'http://x').pathname)), path).toEqual([]);
    }
  } finally {
    await page.context().setOffline(false);
  }
}

test.describe('private pages and the service worker', () => {
  test("a guest's order: its confirmation and status pages are never kept, and offline show the offline page, which does not list them", { tag: '@widths' }, async ({ page, catalog }) => {
    const product = await productFor(catalog, 50);
    await seedCart(page, [[product, 1]]);
    await page.goto('/');
    await underWorker(page);

    await page.goto(paths.checkout());
    await fillCheckout(page, details(newEmail('private-guest')));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    const id = idFromUrl(page.url());
    const number = (await page.getByTestId('order-number').textContent())!;
    await page.goto(paths.orderStatus(id));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.getByTestId('order-contact-name')).toHaveText('Ayesha Khan');
    // A page anyone may see is kept as before: what follows is not a worker that keeps nothing.
    await page.goto(paths.textPage('about'));
    await kept(page, paths.textPage('about'));

    expect((await cachedPaths(page)).filter(isPrivate)).toEqual([]);
    await offlineShowsNone(page, [paths.orderSuccess(id), paths.orderStatus(id), paths.passwordReset('a-token-from-a-mail')], paths.textPage('about'));
    await page.screenshot({ path: test.info().outputPath('offline-guest-order.png'), fullPage: true });
  });

  test("a signed-in shopper's order and account: never kept; Logout removes a copy an earlier worker kept and the shopper's details; offline none of them opens", async ({ page, catalog, mailbox }) => {
    const product = await productFor(catalog, 51);
    await signInNewAccount(page, page.request, mailbox, 'private-signed-in');
    await seedCart(page, [[product, 1]]);
    await page.goto('/');
    await underWorker(page);

    await page.goto(paths.checkout());
    await fillCheckout(page, { 'shippingAddress.address': '22 Mall Road', 'shippingAddress.city': 'Lahore', 'shippingAddress.province': 'Punjab', 'shippingAddress.postalCode': '54000' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    const id = idFromUrl(page.url());
    const number = (await page.getByTestId('order-number').textContent())!;
    await page.goto(paths.orderStatus(id));
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await page.goto(paths.account());
    await expect(page.getByTestId('order-history').getByRole('link', { name: new RegExp(`^${number}`) })).toBeVisible();
    await page.goto(paths.profile());
    await expect(page.getByTestId('profile-name')).toHaveText('Bilal Ahmed');
    await page.goto(paths.textPage('about'));
    await kept(page, paths.textPage('about'));
    expect((await cachedPaths(page)).filter(isPrivate)).toEqual([]);

    // What a worker of an earlier build kept, before such pages were never kept.
    const earlier = paths.orderStatus(id);
    await page.evaluate(async (path) => {
      const name = (await caches.keys()).find((n) => n.endsWith('-pages'))!;
      await (await caches.open(name)).put(path, new Response('<title>Order | Kiryana</title><h1>Order</h1>', { headers: { 'Content-Type': 'text/html' } }));
    }, earlier);
    expect(await cachedPaths(page)).toContain(earlier);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout'));
    await Promise.all([page.waitForEvent('load'), page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click()]);
    await logout;
    for (const key of ['token', 'userName', 'userEmail', 'userPhone', 'addressBook']) expect(await stored(page, key), key).toBeNull();
    expect((await cachedPaths(page)).filter(isPrivate)).toEqual([]);

    await offlineShowsNone(page, [paths.orderSuccess(id), paths.orderStatus(id), paths.account(), paths.profile()], paths.textPage('about'));
    await page.screenshot({ path: test.info().outputPath('offline-after-logout.png'), fullPage: true });
  });
});
