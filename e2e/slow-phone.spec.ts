/**
 * Taps on a slow phone, before the handlers have arrived (the inline tap queue:
 * src/layouts/head-html.ts). Each journey runs twice: with the page's scripts held back by the test
 * until it lets them go (the waiting mark is seen, nothing has happened yet, then everything has,
 * once), and on an emulated slow phone (400 kbps, 400 ms, CPU 6× slower), tapping as soon as the
 * control shows (there a tap may come after its handler: the product page's script often arrives
 * with its first paint; each run's `taps held` annotation says how many were held, and the held-back
 * runs are the ones that prove the queue). The forms' early typing and submit (sign-in, review,
 * checkout) are checked under the same throttling.
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { paths } from '#lib/paths.ts';
import { test, expect as baseExpect, type CatalogFixture } from './fixtures.ts';
import { REVIEW_MESSAGES } from '#lib/schemas/reviews.ts';
import { slowPhone } from './slow-phone.ts';
import { holdRequest } from './requests.ts';
import { createAccount, newEmail, PASSWORD, signInNewAccount } from './accounts.ts';
import { details, fillCheckout, productFor, seedCart } from './checkout.ts';

const expect = baseExpect.configure({ timeout: 30_000 });

/** Logs every waiting mark (`aria-busy`) put on or taken off a button (`on <label>` / `off <label>`), from the page's first parse. */
async function logMarks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: string[] = ((window as unknown as { marks: string[] }).marks = []);
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as Element;
        if (el.tagName !== 'BUTTON') continue;
        const label = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
        log.push(`${el.getAttribute('aria-busy') === 'true' ? 'on' : 'off'} ${label}`);
      }
    }).observe(document, { attributes: true, attributeFilter: ['aria-busy'], subtree: true });
  });
}
const waiting = (page: Page) => page.locator('button[aria-busy="true"]');
const marks = (page: Page) => page.evaluate(() => (window as unknown as { marks: string[] }).marks);

type Line = { productId: string; quantity: number };
const cartLines = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('guestCart') ?? '[]') as { productId: string; quantity: number }[]);
const wishlistIds = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('wishlist') ?? '[]') as { _id: string }[]).map((w) => w._id));
const lines = (page: Page) => cartLines(page).then((all) => all.map(({ productId, quantity }): Line => ({ productId, quantity })));

/** The first card on the page that can be added to the cart. */
const addableCard = (page: Page) => page.locator('[data-item]:has(button[data-add-to-cart]:not([disabled]))').first();

/** A product with stock for the buy box's taps, and its page's address. */
async function buyable(catalog: CatalogFixture): Promise<Product> {
  return catalog.find((p) => p.stock >= 20 && p.price - p.discount > 0);
}

/** A category page whose first card can be added. */
async function categoryPath(catalog: CatalogFixture): Promise<string> {
  const products = await catalog.products();
  const category = (await catalog.categories()).find((c) => products.some((p) => p.categoryId === c._id && p.stock > 0));
  if (!category) throw new Error('No category with a product in stock');
  return paths.category(category.name);
}

for (const mode of ['held', 'throttled'] as const) {
  test.describe(`taps before the handlers (${mode === 'held' ? 'scripts held back' : 'slow phone'})`, { tag: '@phone-only' }, () => {
    /** Opens `path` and returns what lets the scripts go (held) or nothing to do (throttled). */
    async function open(page: Page, path: string): Promise<() => void> {
      await logMarks(page);
      let release = () => {};
      if (mode === 'held') release = await holdRequest(page, '/_astro/*.js', { every: true });
      else await slowPhone(page);
      await page.goto(path, { waitUntil: 'commit' });
      return release;
    }
    /** Held: the control shows its waiting mark and nothing has happened yet; then the scripts go. */
    async function whileHeld(release: () => void, before: () => Promise<void>): Promise<void> {
      if (mode !== 'held') return;
      await before();
      release();
    }

    test.beforeEach(() => {
      test.setTimeout(mode === 'held' ? 60_000 : 120_000);
    });
    // On the slow phone whether a tap comes before its handler depends on timing: the report says how many did.
    test.afterEach(async ({ page }) => {
      if (mode !== 'throttled') return;
      const held = await marks(page).then((log) => log.filter((m) => m.startsWith('on ')).length, () => NaN);
      test.info().annotations.push({ type: 'taps held', description: String(held) });
    });

    test('home: a card’s Add to Cart puts that product in the cart once', async ({ page }) => {
      const release = await open(page, '/');
      const card = addableCard(page);
      const add = card.locator('button[data-add-to-cart]');
      await add.tap();
      const id = await add.getAttribute('data-add-to-cart');
      await whileHeld(release, async () => {
        await expect(add).toHaveAttribute('aria-busy', 'true');
        expect(await cartLines(page)).toEqual([]);
      });
      await expect.poll(() => lines(page)).toEqual([{ productId: id, quantity: 1 }]);
      await expect(add).not.toHaveAttribute('aria-busy');
      // The mark showed and went, once (the chrome's handlers load on this first touch, so they cannot
      // be in place yet); the tap is not replayed again later.
      expect(await marks(page)).toEqual([expect.stringMatching(/^on /), expect.stringMatching(/^off /)]);
      await expect(add).toHaveText('Add to Cart', { timeout: 10_000 });
      expect(await lines(page)).toEqual([{ productId: id, quantity: 1 }]);
    });

    test('home: the heart, then ☰, act in that order: wishlisted once, the drawer open', async ({ page }) => {
      const release = await open(page, '/');
      const card = addableCard(page);
      const heart = card.locator('button[data-wishlist-toggle]');
      await heart.tap();
      const id = await heart.getAttribute('data-wishlist-toggle');
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.tap();
      await whileHeld(release, async () => {
        await expect(heart).toHaveAttribute('aria-busy', 'true');
        await expect(menu).toHaveAttribute('aria-busy', 'true');
        expect(await wishlistIds(page)).toEqual([]);
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      });
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      expect(await wishlistIds(page)).toEqual([id]);
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await expect(waiting(page)).toHaveCount(0);
      // The first tap on the chrome always comes before its handlers (they load on that touch); on the
      // slow phone ☰ may come after them.
      expect((await marks(page)).filter((m) => m.startsWith('on ')).length).toBeGreaterThanOrEqual(mode === 'held' ? 2 : 1);
    });

    test('category: a card’s Add to Cart puts that product in the cart once', async ({ page, catalog }) => {
      const release = await open(page, await categoryPath(catalog));
      const add = addableCard(page).locator('button[data-add-to-cart]');
      await add.tap();
      const id = await add.getAttribute('data-add-to-cart');
      await whileHeld(release, async () => {
        await expect(add).toHaveAttribute('aria-busy', 'true');
        expect(await cartLines(page)).toEqual([]);
      });
      await expect.poll(() => lines(page)).toEqual([{ productId: id, quantity: 1 }]);
      await expect(add).not.toHaveAttribute('aria-busy');
      expect(await marks(page)).toEqual([expect.stringMatching(/^on /), expect.stringMatching(/^off /)]);
    });

    test('product: +, +, Add to Cart puts 3 in the cart; the page does not reload', async ({ page, catalog }) => {
      const product = await buyable(catalog);
      const path = paths.product(product._id);
      const release = await open(page, path);
      const box = page.locator('[data-buy-box]');
      const plus = box.getByRole('button', { name: 'Increase quantity' });
      await plus.tap();
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      await plus.tap();
      await box.getByRole('button', { name: 'Add to Cart' }).tap();
      await whileHeld(release, async () => {
        await expect(plus).toHaveAttribute('aria-busy', 'true');
        await expect(box.locator('button[data-add-to-cart]')).toHaveAttribute('aria-busy', 'true');
        await expect(box.getByLabel('Quantity', { exact: true })).toHaveValue('1');
        expect(await cartLines(page)).toEqual([]);
      });
      await expect.poll(() => lines(page)).toEqual([{ productId: product._id, quantity: 3 }]);
      await expect(box.getByLabel('Quantity', { exact: true })).toHaveValue('3');
      await expect(waiting(page)).toHaveCount(0);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    });

    test('product: +, Buy Now opens the checkout with 2 of the product', async ({ page, catalog }) => {
      const product = await buyable(catalog);
      const release = await open(page, paths.product(product._id));
      const box = page.locator('[data-buy-box]');
      await box.getByRole('button', { name: 'Increase quantity' }).tap();
      await box.getByRole('button', { name: 'Buy Now' }).tap();
      await whileHeld(release, async () => {
        await expect(box.getByRole('button', { name: 'Buy Now' })).toHaveAttribute('aria-busy', 'true');
        expect(await cartLines(page)).toEqual([]);
      });
      await page.waitForURL(/\/checkout-page\/$/, { timeout: 60_000 });
      expect(await lines(page)).toEqual([{ productId: product._id, quantity: 2 }]);
      await expect(page.getByText(product.name).first()).toBeVisible();
    });

    test('product: taps replay in their order (+, Add, +, Add adds 2 then 3) and the wishlist button works', async ({ page, catalog }) => {
      const product = await buyable(catalog);
      const release = await open(page, paths.product(product._id));
      const box = page.locator('[data-buy-box]');
      const plus = box.getByRole('button', { name: 'Increase quantity' });
      const add = box.getByRole('button', { name: 'Add to Cart' });
      await plus.tap();
      await add.tap();
      await plus.tap();
      await box.locator('button[data-add-to-cart]').tap();
      await box.locator('button[data-wishlist-toggle]').tap();
      await whileHeld(release, async () => {
        await expect(waiting(page)).toHaveCount(3);
        expect(await cartLines(page)).toEqual([]);
      });
      await expect.poll(() => lines(page)).toEqual([{ productId: product._id, quantity: 5 }]);
      await expect.poll(() => wishlistIds(page)).toEqual([product._id]);
      await expect(box.locator('button[data-wishlist-toggle]')).toHaveAttribute('aria-pressed', 'true');
      await expect(waiting(page)).toHaveCount(0);
    });
  });
}

test.describe('taps before the handlers on a wide screen', { tag: '@widths' }, () => {
  test('Categories, clicked with the scripts held back, opens its menu once they arrive', async ({ page }) => {
    test.skip(test.info().project.name === 'phone', 'the Categories button is on wide screens');
    await logMarks(page);
    const release = await holdRequest(page, '/_astro/*.js', { every: true });
    await page.goto('/', { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Categories' });
    await button.click();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('menu', { name: 'Categories' })).toBeHidden();
    release();
    await expect(page.getByRole('menu', { name: 'Categories' })).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).not.toHaveAttribute('aria-busy');
    expect(await marks(page)).toEqual(['on Categories', 'off Categories']);
  });
});

test.describe('the buy box without script', { tag: '@phone-only' }, () => {
  test.use({ javaScriptEnabled: false });

  test('Add to Cart and Enter in the quantity field do not reload the page', async ({ page, catalog }) => {
    const product = await buyable(catalog);
    const path = paths.product(product._id);
    await page.goto(path);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    const box = page.locator('[data-buy-box]');
    await box.getByRole('button', { name: 'Add to Cart' }).click();
    await box.getByLabel('Quantity', { exact: true }).press('Enter');
    // A submit would ask for a page at once: none is asked for within a second.
    const asked = await page.waitForRequest((r) => r.resourceType() === 'document', { timeout: 1000 }).catch(() => null);
    expect(asked?.url()).toBeUndefined();
    expect(documents).toEqual([]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
  });
});

test.describe('forms on a slow phone: typing kept, an early submit held and sent', { tag: '@phone-only' }, () => {
  test.beforeEach(() => {
    test.setTimeout(150_000);
  });

  test('sign-in', async ({ page, request, mailbox }) => {
    const email = newEmail('slow-signin');
    await createAccount(request, mailbox, email);
    await slowPhone(page);
    await page.goto('/signin/', { waitUntil: 'commit' });
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 90_000 });
    expect(await page.evaluate(() => localStorage.getItem('userEmail'))).toBe(email);
  });

  test('review: a comment typed and sent before the section woke is kept, and the form asks for the stars', async ({ page, request, mailbox, catalog }) => {
    // Without stars nothing reaches the store, so no product's figures move under the other specs.
    await signInNewAccount(page, request, mailbox, 'slow-review');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/review')) posts.push(r.url());
    });
    const product = await buyable(catalog);
    await slowPhone(page);
    await page.goto(paths.product(product._id), { waitUntil: 'commit' });
    const form = page.getByTestId('review-form');
    await form.getByLabel('Your review').fill('Fresh and well packed.');
    await form.getByRole('button', { name: 'Submit Review' }).tap();
    await expect(form.getByRole('alert').getByRole('listitem')).toHaveText([REVIEW_MESSAGES.rating], { timeout: 90_000 });
    await expect(form.getByLabel('Your review')).toHaveValue('Fresh and well packed.');
    expect(posts).toEqual([]);
  });

  test('checkout', async ({ page, catalog }) => {
    const product = await productFor(catalog, 20);
    await seedCart(page, [[product, 1]]);
    await slowPhone(page);
    await page.goto(paths.checkout(), { waitUntil: 'commit' });
    await fillCheckout(page, details(newEmail('slow-checkout')));
    await page.getByRole('button', { name: 'Place Order' }).tap();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/, { timeout: 90_000 });
  });
});
