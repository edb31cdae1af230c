/**
 * axe-core on every page template and its variants, in both projects (phone 375 px, desktop 1280 px):
 * 0 violations of WCAG 2.1 levels A and AA, nor of axe's best practices (one h1 a page, headings in
 * order, unique landmarks). Phone-only states (drawer open, a footer group open) are tagged
 * @phone-only and run in the phone project.
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { axeViolations } from './axe.ts';
import { test, expect, type CatalogFixture } from './fixtures.ts';
import { builtPages } from './site.ts';
import { createAccount, newEmail, useSession } from './accounts.ts';
import { withoutListsApi } from './shopper.ts';

async function audit(page: Page, path: string): Promise<string[]> {
  await page.goto(path, { waitUntil: 'load' });
  return (await axeViolations(page)).map((v) => `${path}: ${v}`);
}

/** The whole catalogue with each product's written reviews. */
async function productsWithReviews(catalog: CatalogFixture, request: import('@playwright/test').APIRequestContext): Promise<Product[]> {
  const reply = await request.get('/api/products?limit=500&include=reviews');
  expect(reply.ok()).toBeTruthy();
  const products: Product[] = (await reply.json()).data.products;
  expect(products.length).toBe((await catalog.products()).length);
  return products;
}

const productCases: [string, (p: Product) => boolean][] = [
  ['a discounted product', (p) => p.discount > 0 && p.stock > 5],
  ['an out-of-stock product', (p) => p.stock <= 0],
  ['a low-stock product', (p) => p.stock >= 1 && p.stock <= 5],
  ['a product with no written review', (p) => (p.reviews ?? []).length === 0],
  ['a product with written reviews', (p) => (p.reviews ?? []).length > 0],
];

test('the axe helper reports a WCAG violation and a best-practice one', async ({ page }) => {
  // A picture without a text alternative (WCAG 2.1 A) on a page without an h1 (best practice).
  await page.setContent('<!doctype html><html lang="en"><title>Axe check</title><main><img src="/favicon.svg"></main></html>');
  const found = await axeViolations(page);
  expect(found.find((v) => v.startsWith('image-alt '))).toBeTruthy();
  expect(found.find((v) => v.startsWith('page-has-heading-one '))).toBeTruthy();
});

test.describe('accessibility: no WCAG 2.1 A/AA violations', { tag: '@widths' }, () => {
  test('home page', async ({ page }) => {
    expect(await audit(page, '/')).toEqual([]);
  });

  test('every text page', async ({ page, request }) => {
    const { textPages } = await builtPages(request);
    expect(textPages.length).toBeGreaterThan(0);
    test.setTimeout(30_000 + textPages.length * 15_000);
    const found: string[] = [];
    for (const path of textPages) found.push(...(await audit(page, path)));
    expect(found).toEqual([]);
  });

  test('cart page', async ({ page }) => {
    expect(await audit(page, '/cart/')).toEqual([]);
  });

  test('checkout (empty cart), the order tracking form, and the order pages of an unknown order', async ({ page }) => {
    test.setTimeout(90_000);
    const found: string[] = [];
    for (const path of ['/checkout-page/', '/OrderStatus/', '/order/success/no-such-order-123/', '/order/order-status/no-such-order-123/']) {
      await page.goto(path, { waitUntil: 'load' });
      // The order pages ask the API first: audit the state they settle in.
      if (path.startsWith('/order/')) await expect(page.getByTestId('order-not-found')).toBeVisible({ timeout: 15_000 });
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    expect(found).toEqual([]);
  });

  test('error page for an unknown route', async ({ page }) => {
    expect(await audit(page, '/no/such/page/')).toEqual([]);
  });

  test('error page for an unknown product', async ({ page }) => {
    expect(await audit(page, '/product/no-such-product-123/')).toEqual([]);
  });

  test('category page by id, by name, and a later page', async ({ page, request, catalog }) => {
    const [category] = await catalog.categories();
    const { laterCategoryPages } = await builtPages(request);
    // A later page exists only when a category holds more than one page of products.
    const paths = [`/category/${category._id}/`, `/category/${encodeURIComponent(category.name)}/`, ...laterCategoryPages.slice(0, 1)];
    test.setTimeout(30_000 + paths.length * 15_000);
    const found: string[] = [];
    for (const path of paths) found.push(...(await audit(page, path)));
    expect(found).toEqual([]);
  });

  for (const [name, matches] of productCases) {
    test(`product page: ${name}`, async ({ page, request, catalog }) => {
      const product = (await productsWithReviews(catalog, request)).find(matches);
      if (!product) throw new Error(`The catalogue has no ${name}`);
      expect(await audit(page, `/product/${product._id}/`)).toEqual([]);
    });
  }

  test('phone: the menu drawer open', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('phone: a footer group open', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('[data-site-footer]');
    await footer.getByText('Customer Service', { exact: true }).click();
    await expect(footer.getByRole('link', { name: 'Track Your Order' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the Categories menu open', async ({ page }) => {
    test.setTimeout(60_000);
    test.skip((page.viewportSize()?.width ?? 0) < 768, 'the second bar is a wide-screen bar');
    await page.goto('/');
    await page.getByRole('button', { name: 'Categories' }).click();
    await expect(page.getByRole('menu', { name: 'Categories' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('signed in: the profile menu open, hearts and badges filled', async ({ page, catalog }) => {
    test.setTimeout(60_000);
    const [category] = await catalog.categories();
    await page.goto(`/category/${category._id}/`);
    await withoutListsApi(page);
    await page.evaluate(() => localStorage.setItem('token', 'a11y-token'));
    await page.reload();
    const card = page.getByTestId('product-card').filter({ has: page.locator('button[data-add-to-cart]:not([disabled])') }).first();
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await card.locator('[data-wishlist-toggle]').click();
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('menu', { name: 'Account' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('signed in: the account page with the wishlist kept on the server', async ({ page, catalog, mailbox }) => {
    test.setTimeout(60_000);
    const email = newEmail('a11y-account');
    const token = await createAccount(page.request, mailbox, email);
    const wished = (await catalog.products()).slice(-3);
    const added = await page.request.post('/api/wishlist', { headers: { Authorization: `Bearer ${token}` }, data: { productIds: wished.map((p) => p._id) } });
    expect(added.ok()).toBeTruthy();
    await useSession(page, token, { name: 'Bilal Ahmed', email, phone: '03219876543' });
    await page.goto('/account/');
    // The sync pulls the account's wishlist from the server; the section lists it.
    const list = page.getByTestId('account-wishlist');
    for (const product of wished) await expect(list.getByRole('link', { name: product.name })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('account-profile')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('phone: the menu drawer open while signed in', { tag: '@phone-only' }, async ({ page }) => {
    test.setTimeout(60_000);
    // A text page: behind the drawer's backdrop the home page's fading hero would be measured mid-fade.
    await page.goto('/about/');
    await withoutListsApi(page);
    await page.evaluate(() => localStorage.setItem('token', 'a11y-token'));
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

