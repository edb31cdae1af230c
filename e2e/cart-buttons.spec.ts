/**
 * Product cards' buttons and the count badges, at phone and desktop widths: one delegated handler
 * a page (src/features/catalog/card-buttons.ts), state shown from the stores on load and live across tabs.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { loggedTexts, logTexts, watchToasts } from './feedback.ts';
import { storedList } from './shopper.ts';

/** The count badge a shopper sees: the header's on wide screens, the bottom bar's on phones. */
function badge(page: Page, kind: 'cart' | 'wishlist') {
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  return page.locator(phone ? '[data-bottom-bar]' : '[data-site-header]').locator(`[data-${kind}-count]`);
}

/** The first category's page and a card on it with plenty left (an add past the stock says so instead of "Added!"). */
async function firstCategory(page: Page, catalog: import('./fixtures.ts').CatalogFixture) {
  const [category] = await catalog.categories();
  const plenty = new Set((await catalog.products()).filter((p) => p.categoryId === category._id && p.stock >= 5).map((p) => p._id));
  await page.goto(`/category/${category._id}/`);
  const ids = await page.getByTestId('product-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')!));
  const id = ids.find((i) => plenty.has(i))!;
  const card = page.locator(`[data-testid="product-card"][data-product-id="${id}"]`).first();
  return { card, id };
}

test.describe('product card buttons', () => {
  test("Add to Cart says Adding..., then Added! for 2 s, adds one line and fills the badge", { tag: '@widths' }, async ({ page, catalog }) => {
    const { card, id } = await firstCategory(page, catalog);
    await expect(badge(page, 'cart')).toBeHidden();
    // 'Adding...' lasts a moment: the button's texts are logged as they change.
    await logTexts(card.locator('button[data-add-to-cart]'));
    const toasts = await watchToasts(page);
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(card.getByRole('button', { name: 'Added!' })).toBeVisible();
    await expect(badge(page, 'cart')).toHaveText('1');
    await expect.poll(async () => (await toasts()).map((t) => t.text)).toEqual(['Added to cart']);
    await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeVisible({ timeout: 5000 });
    const texts = await loggedTexts(page);
    expect(texts.map((t) => t.text)).toEqual(['Adding...', 'Added!', 'Add to Cart']);
    expect(texts[2].at - texts[1].at).toBeGreaterThanOrEqual(1950);
    expect(texts[2].at - texts[1].at).toBeLessThan(2600);
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: id, quantity: 1 }]);

    // Again: the same line grows; the count is of distinct lines.
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(card.getByRole('button', { name: 'Added!' })).toBeVisible();
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: id, quantity: 2 }]);
    await expect(badge(page, 'cart')).toHaveText('1');
    // The count is part of the link's name: the header's icon link by its label, the bottom bar's by its text.
    await expect(page.locator('[data-site-header] [data-count-label="Cart"]')).toHaveAttribute('aria-label', 'Cart, 1 item');
    if ((page.viewportSize()?.width ?? 0) < 768) await expect(page.locator('[data-bottom-bar]').getByRole('link', { name: 'Cart 1' })).toBeVisible();
  });

  test('Out of Stock cards stay disabled and add nothing', async ({ page, catalog }) => {
    const out = await catalog.find((p) => p.stock <= 0);
    await page.goto(`/category/${out.categoryId}/`);
    const button = page.locator(`[data-product-id="${out._id}"]`).getByRole('button', { name: 'Out of Stock' });
    await expect(button).toBeDisabled();
    await button.click({ force: true });
    // The click's task and the frame after it have run: whatever it would change is on the page.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    await expect(button).toHaveText('Out of Stock');
    expect(await storedList(page, 'guestCart')).toBeNull();
  });

  test('the heart toggles the wishlist, shows its state, and keeps it over a reload', async ({ page, catalog }) => {
    const { card, id } = await firstCategory(page, catalog);
    const name = (await card.getByRole('heading').innerText()).trim();
    const heart = card.getByRole('button', { name: `Add ${name} to wishlist` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    let toasts = await watchToasts(page);
    await heart.click();
    const pressed = card.getByRole('button', { name: `${name} is in your wishlist` });
    await expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await toasts()).map((t) => `${t.type}: ${t.text}`)).toEqual(['wishlist: Added to wishlist']);
    await expect(badge(page, 'wishlist')).toHaveText('1');
    expect(await storedList(page, 'wishlist')).toMatchObject([{ _id: id, name }]);
    expect(await pressed.locator('svg').evaluate((svg) => getComputedStyle(svg).fill)).not.toBe('none');

    await page.reload();
    await expect(page.locator(`[data-product-id="${id}"] [data-wishlist-toggle]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(badge(page, 'wishlist')).toHaveText('1');
    toasts = await watchToasts(page);
    await page.locator(`[data-product-id="${id}"]`).getByRole('button', { name: `${name} is in your wishlist` }).click();
    await expect.poll(async () => (await toasts()).map((t) => t.text)).toEqual(['Removed from wishlist']);
    await expect(page.locator(`[data-product-id="${id}"] [data-wishlist-toggle]`)).toHaveAttribute('aria-pressed', 'false');
    await expect(badge(page, 'wishlist')).toBeHidden();
    expect(await storedList(page, 'wishlist')).toEqual([]);
  });

  test('two tabs share the cart and the wishlist without a reload', async ({ page, context, catalog }) => {
    const other = await context.newPage();
    await other.goto('/about/');
    await expect(badge(other, 'cart')).toBeHidden();
    const { card, id } = await firstCategory(page, catalog);
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(badge(other, 'cart')).toHaveText('1');

    // And back: a heart pressed in the other tab fills this tab's heart and badge.
    await other.goto(page.url());
    await other.locator(`[data-product-id="${id}"] [data-wishlist-toggle]`).click();
    await expect(page.locator(`[data-product-id="${id}"] [data-wishlist-toggle]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(badge(page, 'wishlist')).toHaveText('1');
  });

  test('corrupt stored data reads as empty, with no error', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/about/');
    await page.evaluate(() => {
      localStorage.setItem('guestCart', '{not json');
      localStorage.setItem('wishlist', JSON.stringify([{ nope: 1 }]));
    });
    await page.reload();
    await expect(badge(page, 'cart')).toBeHidden();
    await expect(badge(page, 'wishlist')).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('toasts sit in the one polite live region and go after a second', { tag: '@widths' }, async ({ page, catalog, request }) => {
    for (const path of ['/', '/about/', '/cart/']) {
      const html = await (await request.get(path)).text();
      expect(html.match(/<div class="toasts" role="status" aria-live="polite" data-toasts><\/div>/g), path).toHaveLength(1);
    }
    const { card } = await firstCategory(page, catalog);
    const toasts = await watchToasts(page);
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    const region = page.locator('[data-toasts]');
    await expect.poll(async () => (await toasts()).length).toBe(1);
    await expect(region.locator('.toast')).toHaveCount(0, { timeout: 3000 });
    const [toast] = await toasts();
    expect(toast).toMatchObject({ text: 'Added to cart', type: 'cart' });
    // Gone after 1 s (the store's timer; a busy machine may run it a little late).
    expect(toast.gone! - toast.shown).toBeGreaterThanOrEqual(900);
    expect(toast.gone! - toast.shown).toBeLessThan(2000);
    // Bottom-right, above the phone's bottom bar (the region is fixed there; a toast lives 1 s).
    const box = (await region.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 100);
    const bar = await page.locator('[data-bottom-bar]').boundingBox();
    if (bar) expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
  });
});
