/**
 * Signed-in sync in Chromium against the real store: the account's cart and wishlist on
 * every device, the sign-in merge, sign-out, changes made while the API is unreachable or whose
 * reply is lost, and guests' browser-only cart. Each test uses products of its own from the end of
 * the catalogue (the other specs use its start), so parallel specs never collide on stock.
 */
import { lineQuantityCap } from '#lib/line-cap.ts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { test, expect as baseExpect, type CatalogFixture } from './fixtures.ts';
import { PASSWORD, createAccount, newEmail, signInNewAccount, useSession } from './accounts.ts';
import { lineOf, seedStorage, wishOf } from './shopper.ts';

const expect = baseExpect.configure({ timeout: 15_000 });

/** Products this spec's test `slot` uses: from the end of the catalogue, each slot and project its own. */
async function syncProducts(catalog: CatalogFixture, slot: number): Promise<[Product, Product]> {
  const products = (await catalog.products()).filter((p) => p.stock >= 30 && p.stock <= 900 && p.price - p.discount > 0).sort((a, b) => b._id.localeCompare(a._id));
  const base = (slot * 2 + (test.info().project.name === 'desktop' ? 1 : 0)) * 2;
  const pair = [products[base], products[base + 1]] as const;
  if (!pair[0] || !pair[1]) throw new Error(`No products for sync slot ${slot}`);
  return [pair[0], pair[1]];
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
async function serverCart(request: APIRequestContext, token: string): Promise<Record<string, number>> {
  const reply = await request.get('/api/cart', { headers: auth(token) });
  return Object.fromEntries(((await reply.json()).cart as { productId: string; quantity: number }[]).map((l) => [l.productId, l.quantity]));
}
async function serverWishlist(request: APIRequestContext, token: string): Promise<string[]> {
  const reply = await request.get('/api/wishlist', { headers: auth(token) });
  return ((await reply.json()).wishlist as { _id: string }[]).map((i) => i._id);
}
const user = (email: string) => ({ name: 'Bilal Ahmed', email, phone: '03219876543' });
const line = (page: Page, p: Product) => page.getByTestId('cart-line').filter({ has: page.getByRole('link', { name: p.name }) });
const outbox = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('syncOutbox:')).length);

async function signedInPage(browser: Browser, token: string, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useSession(page, token, user(email));
  return page;
}

test.describe('signed-in sync', () => {
  test('a cart and wishlist change on one device appears on another after a reload', async ({ page, browser, catalog, mailbox }) => {
    const [a, b] = await syncProducts(catalog, 0);
    const { token, email } = await signInNewAccount(page, page.request, mailbox, 'sync-devices');
    await seedStorage(page, { guestCart: [lineOf(a, 1)], wishlist: [wishOf(b)] });
    await page.goto('/cart/');
    await expect.poll(() => serverCart(page.request, token)).toEqual({ [a._id]: 1 });
    await line(page, a).getByRole('button', { name: `Increase quantity of ${a.name}` }).click();
    await expect.poll(() => serverCart(page.request, token)).toEqual({ [a._id]: 2 });
    expect(await serverWishlist(page.request, token)).toEqual([b._id]);

    const other = await signedInPage(browser, token, email);
    await other.goto('/cart/');
    await expect(line(other, a).getByTestId('line-quantity')).toHaveText('2');
    await other.goto('/wishlist/');
    await other.getByRole('button', { name: `Remove ${b.name} from wishlist` }).click();
    await expect.poll(() => serverWishlist(page.request, token)).toEqual([]);

    await page.goto('/wishlist/');
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    await other.context().close();
  });

  test('sign-in merges the guest cart (quantities added, capped by the line cap) and wishlist into the account', async ({ page, catalog, mailbox }) => {
    // Stock caps a merged line too (src/server/routes/cart.test.ts); these products have more than the cap.
    const cap = lineQuantityCap();
    const [a, b] = await syncProducts(catalog, 1);
    const email = newEmail('sync-merge');
    const token = await createAccount(page.request, mailbox, email);
    // The account already holds a (the cap - 2) and b 1, and wishlists b.
    await page.request.post('/api/cart', { headers: auth(token), data: { items: [{ productId: a._id, quantity: cap - 2 }, { productId: b._id, quantity: 1 }] } });
    await page.request.post('/api/wishlist', { headers: auth(token), data: { productIds: [b._id] } });
    await seedStorage(page, { guestCart: [lineOf(a, 5), lineOf(b, 2)], wishlist: [wishOf(a)] });

    await page.goto('/signin/');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('/');
    await expect.poll(() => serverCart(page.request, token)).toEqual({ [a._id]: cap, [b._id]: 3 });
    expect((await serverWishlist(page.request, token)).sort()).toEqual([a._id, b._id].sort());

    await page.goto('/cart/');
    await expect(line(page, a).getByTestId('line-quantity')).toHaveText(String(cap));
    await expect(line(page, b).getByTestId('line-quantity')).toHaveText('3');
    // A reload pulls the same lists: nothing is merged twice.
    await page.reload();
    await expect(line(page, b).getByTestId('line-quantity')).toHaveText('3');
    expect(await serverCart(page.request, token)).toEqual({ [a._id]: cap, [b._id]: 3 });
    await page.goto('/account/');
    await expect(page.getByTestId('account-wishlist').getByRole('link')).toHaveCount(2);
  });

  test('sign-out leaves the browser with an empty cart and wishlist, the account keeps them', async ({ page, catalog, mailbox }) => {
    const [a, b] = await syncProducts(catalog, 2);
    const { token, email } = await signInNewAccount(page, page.request, mailbox, 'sync-out');
    await seedStorage(page, { guestCart: [lineOf(a, 1)], wishlist: [wishOf(b)] });
    await page.goto('/account/');
    await expect(page.getByTestId('account-wishlist').getByRole('link', { name: b.name })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).first().click();
    // The logout reloads; the account page's guard then leaves for /register (waited for, or it
    // would interrupt the next navigation).
    await page.waitForURL('**/register/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/cart/');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('guestCart'), localStorage.getItem('wishlist')])).toEqual(['[]', '[]']);
    expect(await outbox(page)).toBe(0);
    // The logout revoked that token: the account's lists are read with a new session.
    const login = await page.request.post('/api/users/login', { data: { email, password: PASSWORD } });
    const again = (await login.json()).token as string;
    expect(await serverCart(page.request, again)).toEqual({ [a._id]: 1 });
    expect(await serverWishlist(page.request, again)).toEqual([b._id]);
  });

  test('a change made while the API is unreachable stays in the browser and is delivered once it is back', async ({ page, catalog, mailbox }) => {
    const [a] = await syncProducts(catalog, 3);
    const { token, email } = await signInNewAccount(page, page.request, mailbox, 'sync-offline');
    await seedStorage(page, { guestCart: [lineOf(a, 1)] });
    await page.goto('/cart/');
    await expect.poll(() => serverCart(page.request, token)).toEqual({ [a._id]: 1 });
    await expect.poll(() => outbox(page)).toBe(0);

    let failed = 0;
    page.on('requestfailed', (r) => void (/\/api\/cart(\/|$)/.test(new URL(r.url()).pathname) && failed++));
    await page.route(/\/api\/cart(\/|$)/, (route) => route.abort('internetdisconnected'));
    await line(page, a).getByRole('button', { name: `Increase quantity of ${a.name}` }).click();
    await line(page, a).getByRole('button', { name: `Increase quantity of ${a.name}` }).click();
    await expect(line(page, a).getByTestId('line-quantity')).toHaveText('3');
    // A delivery has been tried and has failed: the changes are still waiting.
    await expect.poll(() => failed).toBeGreaterThan(0);
    expect(await outbox(page)).toBe(2);
    expect(await serverCart(page.request, token)).toEqual({ [a._id]: 1 });
    // A reload while still unreachable keeps the changes.
    await page.reload();
    await expect(line(page, a).getByTestId('line-quantity')).toHaveText('3');

    await page.unroute(/\/api\/cart(\/|$)/);
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect.poll(() => serverCart(page.request, token)).toEqual({ [a._id]: 3 });
    await expect.poll(() => outbox(page)).toBe(0);
  });

  test('a change whose reply is lost is sent again with the same key and applied once', async ({ page, catalog, mailbox }) => {
    const [a, b] = await syncProducts(catalog, 4);
    const { token, email } = await signInNewAccount(page, page.request, mailbox, 'sync-lost');
    await seedStorage(page, { guestCart: [lineOf(b, 1)] });
    await page.goto(`/product/${encodeURIComponent(a._id)}/`);
    await expect.poll(() => serverCart(page.request, token)).toEqual({ [b._id]: 1 });
    const keys: string[] = [];
    let lose = true;
    await page.route('**/api/cart', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key']);
      if (!lose) return route.continue();
      lose = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.locator('[data-buy-box]').getByRole('button', { name: /Add to Cart/ }).click();
    await expect.poll(() => serverCart(page.request, token)).toEqual({ [b._id]: 1, [a._id]: 1 });
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect.poll(() => keys.length).toBe(2);
    expect(keys[0]).toBe(keys[1]);
    await expect.poll(() => outbox(page)).toBe(0);
    expect(await serverCart(page.request, token)).toEqual({ [b._id]: 1, [a._id]: 1 });
  });

  test('a guest\'s cart and wishlist stay in the browser: no /api/cart or /api/wishlist call', async ({ page, catalog }) => {
    const [a, b] = await syncProducts(catalog, 5);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(cart|wishlist)(\/|$|\?)/.test(new URL(r.url()).pathname)) calls.push(r.url());
    });
    await seedStorage(page, { guestCart: [lineOf(a, 1)], wishlist: [wishOf(b)] });
    await page.goto('/cart/');
    await line(page, a).getByRole('button', { name: `Increase quantity of ${a.name}` }).click();
    await expect(line(page, a).getByTestId('line-quantity')).toHaveText('2');
    await page.goto('/wishlist/');
    await page.getByRole('button', { name: `Remove ${b.name} from wishlist` }).click();
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    expect(await outbox(page)).toBe(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('guestCart')))!)[0].quantity).toBe(2);
  });
});
