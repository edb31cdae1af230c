/**
 * The product page's buy box (src/features/catalog/product/buy-box.ts): quantity limits, Add to
 * Cart without a reload, the wishlist toggle, Buy Now, and the live price and stock refresh.
 */
import type { Page } from '@playwright/test';
import { test, expect, rs } from './fixtures.ts';
import { loggedTexts, logTexts, watchToasts } from './feedback.ts';
import { alterLive, storedList } from './shopper.ts';
import { seedCart } from './checkout.ts';

const buyBox = (page: Page) => page.locator('[data-buy-box]');

test.describe('product page buy box', () => {
  test('quantity stays between 1 and the smaller of 10 and the stock', async ({ page, catalog }) => {
    const plenty = await catalog.find((p) => p.stock > 12);
    await page.goto(`/product/${plenty._id}/`);
    const box = buyBox(page);
    const qty = box.getByLabel('Quantity', { exact: true });
    const minus = box.getByRole('button', { name: 'Decrease quantity' });
    const plus = box.getByRole('button', { name: 'Increase quantity' });
    await expect(minus).toBeDisabled();
    for (let i = 0; i < 12; i++) if (await plus.isEnabled()) await plus.click();
    await expect(qty).toHaveValue('10');
    await expect(plus).toBeDisabled();
    await minus.click();
    await expect(qty).toHaveValue('9');
    await qty.fill('50');
    await qty.press('Tab');
    await expect(qty).toHaveValue('10');
    await qty.fill('0');
    await qty.press('Tab');
    await expect(qty).toHaveValue('1');

    const low = await catalog.find((p) => p.stock >= 2 && p.stock <= 5);
    await page.goto(`/product/${low._id}/`);
    await expect(box.getByText(`Max ${low.stock}`)).toBeVisible();
    for (let i = 0; i < 6; i++) if (await plus.isEnabled()) await plus.click();
    await expect(qty).toHaveValue(String(low.stock));
    await expect(plus).toBeDisabled();
  });

  test('Add to Cart adds the chosen quantity without a reload and says Added to Cart! for 2 s', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 10 && p.discount > 0);
    await page.goto(`/product/${product._id}/`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const box = buyBox(page);
    await box.getByRole('button', { name: 'Increase quantity' }).click();
    await box.getByRole('button', { name: 'Increase quantity' }).click();
    await logTexts(box.locator('button[data-add-to-cart]'));
    await box.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(box.getByRole('button', { name: 'Added to Cart!' })).toBeVisible();
    expect(await storedList(page, 'guestCart')).toEqual([
      { productId: product._id, productTitle: product.name, price: product.price - product.discount, originalPrice: product.price, quantity: 3, images: [product.images[0] ?? product.image] },
    ]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect(box.getByRole('button', { name: 'Add to Cart' })).toBeVisible({ timeout: 5000 });
    const texts = await loggedTexts(page);
    expect(texts.map((t) => t.text)).toEqual(['Added to Cart!', 'Add to Cart']);
    expect(texts[1].at - texts[0].at).toBeGreaterThanOrEqual(1950);
    expect(texts[1].at - texts[0].at).toBeLessThan(2600);
  });

  test('Add to Wishlist turns into Wishlisted and back', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 0);
    await page.goto(`/product/${product._id}/`);
    const toggle = buyBox(page).getByRole('button', { name: 'Add to Wishlist' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    const on = buyBox(page).getByRole('button', { name: 'Wishlisted' });
    await expect(on).toHaveAttribute('aria-pressed', 'true');
    // A tap made before the page's handlers shows its state at once, and is stored once they run.
    await expect.poll(() => storedList(page, 'wishlist')).toMatchObject([{ _id: product._id }]);
    await page.reload();
    await expect(buyBox(page).getByRole('button', { name: 'Wishlisted' })).toHaveAttribute('aria-pressed', 'true');
    await buyBox(page).getByRole('button', { name: 'Wishlisted' }).click();
    await expect(buyBox(page).getByRole('button', { name: 'Add to Wishlist' })).toHaveAttribute('aria-pressed', 'false');
    expect(await storedList(page, 'wishlist')).toEqual([]);
  });

  test('Buy Now sets the line to the chosen quantity and opens the checkout; back on the page the picker starts at the cart and Buy Now never lowers it', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 12);
    await page.goto(`/product/${product._id}/`);
    const box = buyBox(page);
    const qty = box.getByLabel('Quantity', { exact: true });
    await qty.fill('4');
    await box.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout-page\/$/);
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: product._id, quantity: 4 }]);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/product/${product._id}/$`));
    await expect(box.getByText('4 in your cart')).toBeVisible();
    await expect(qty).toHaveValue('4');
    await qty.fill('2');
    await box.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout-page\/$/);
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: product._id, quantity: 4 }]);
  });

  test('with 5 in the cart the picker shows 5 and says so; Buy Now keeps 5, or takes the higher number chosen', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 12);
    await seedCart(page, [[product, 5]]);
    await page.goto(`/product/${product._id}/`);
    const box = buyBox(page);
    const qty = box.getByLabel('Quantity', { exact: true });
    await expect(qty).toHaveValue('5');
    await expect(box.getByText('5 in your cart', { exact: true })).toBeVisible();
    await box.getByRole('button', { name: 'Decrease quantity' }).click();
    await box.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(qty).toHaveValue('3');
    await box.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout-page\/$/);
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: product._id, quantity: 5 }]);

    await page.goto(`/product/${product._id}/`);
    await expect(qty).toHaveValue('5');
    await box.getByRole('button', { name: 'Increase quantity' }).click();
    await box.getByRole('button', { name: 'Increase quantity' }).click();
    await box.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout-page\/$/);
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: product._id, quantity: 7 }]);
  });

  test('at the line cap the buy box says it is the most sold in one order, and Buy Now keeps the line', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 30);
    await seedCart(page, [[product, 20]]);
    await page.goto(`/product/${product._id}/`);
    const box = buyBox(page);
    await expect(box.locator('[data-max-text]')).toHaveText('You have the most we sell in one order: 20');
    await expect(box).not.toContainText('Max 0');
    await expect(box.getByLabel('Quantity', { exact: true })).toHaveValue('20');
    await expect(box.getByLabel('Quantity', { exact: true })).toBeDisabled();
    await expect(box.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await expect(box.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await box.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page).toHaveURL(/\/checkout-page\/$/);
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: product._id, quantity: 20 }]);
  });

  test('the picker counts what the cart holds; an add past what is left says how many are left instead of Added', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 10);
    await alterLive(page, (figures) => (figures._id === product._id ? { ...figures, stock: 3 } : figures));
    await page.goto(`/product/${product._id}/`);
    const box = buyBox(page);
    await expect(box.getByText('Max 3')).toBeVisible();
    const toasts = await watchToasts(page);
    await box.getByLabel('Quantity', { exact: true }).fill('3');
    await box.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(box.getByRole('button', { name: 'Added to Cart!' })).toBeVisible();
    await expect(box.getByText('3 in your cart, all that is left')).toBeVisible();
    await expect(box.getByLabel('Quantity', { exact: true })).toBeDisabled();
    await box.locator('button[data-add-to-cart]').click();
    await expect.poll(async () => (await toasts()).map((t) => `${t.type}: ${t.text}`)).toContain('error: Only 3 left, and all 3 are in your cart.');
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: product._id, quantity: 3 }]);

    // The cart changed in another tab: the picker follows, starting at what the cart now holds.
    const other = await page.context().newPage();
    await other.goto('/cart/');
    await other.getByRole('button', { name: /Decrease quantity/ }).first().click();
    await expect(box.getByText('2 in your cart', { exact: true })).toBeVisible();
    await expect(box.getByLabel('Quantity', { exact: true })).toHaveValue('2');
    await box.getByRole('button', { name: 'Decrease quantity' }).click();
    await box.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(box.getByRole('button', { name: 'Added to Cart!' })).toBeVisible();
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: product._id, quantity: 3 }]);
  });

  test('a new price and lower stock from the API are shown and explained', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 10 && p.discount > 0);
    await alterLive(page, (figures) => ({ ...figures, price: product.price + 100, discount: 0, stock: 3 }));
    await page.goto(`/product/${product._id}/`);
    const main = page.locator('main');
    await expect(page.getByText('Price updated since this page was built.')).toBeVisible();
    await expect(page.getByText('Stock updated since this page was built.')).toBeVisible();
    await expect(main.getByTestId('price').first()).toHaveText(rs(product.price + 100));
    await expect(page.getByTestId('discount-percent')).toHaveCount(0);
    await expect(main.getByTestId('stock-badge').first()).toHaveText('Only 3 left!');
    const box = buyBox(page);
    await expect(box.getByText('Max 3')).toBeVisible();
    await box.getByLabel('Quantity', { exact: true }).fill('9');
    await box.getByRole('button', { name: 'Add to Cart' }).click();
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: product._id, quantity: 3, price: product.price + 100 }]);
  });

  test('a product sold out since the build cannot be bought', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 10);
    await alterLive(page, (figures) => ({ ...figures, stock: 0 }));
    await page.goto(`/product/${product._id}/`);
    await expect(page.getByText('This product has sold out since this page was built.')).toBeVisible();
    const box = buyBox(page);
    await expect(box.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await expect(box.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    await expect(page.locator('main').getByTestId('stock-badge').first()).toHaveText('Out of Stock');
  });

  test('unchanged figures say nothing', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock > 10);
    // The buy box writes the live figures to its `data-item` (the same value when nothing changed),
    // then shows its notices, in one task: once that write is seen, the notice is as it stays.
    await page.addInitScript(() => {
      new MutationObserver((changes) => {
        if (changes.some((c) => (c.target as Element).querySelector('[data-live-notice]'))) document.documentElement.dataset.liveApplied = '';
      }).observe(document, { attributes: true, attributeFilter: ['data-item'], subtree: true });
    });
    const reply = page.waitForResponse((r) => r.url().includes('/api/products/live?') && new URL(r.url()).searchParams.get('ids')!.split(',').includes(product._id));
    await page.goto(`/product/${product._id}/`);
    await reply;
    await expect(page.locator('html')).toHaveAttribute('data-live-applied');
    await expect(page.locator('[data-live-notice]')).toBeHidden();
  });

  test('gallery thumbnails answer mouse, touch and keyboard and show which is chosen', { tag: '@widths' }, async ({ page, catalog, hasTouch }) => {
    const product = await catalog.find((p) => p.images.length > 1);
    await page.goto(`/product/${product._id}/`);
    const gallery = page.getByTestId('gallery');
    const shownIndex = () => gallery.locator('.gallery-slide:visible').getAttribute('data-index');
    const second = gallery.locator('label.gallery-thumb').nth(1);
    await second.click();
    await expect.poll(shownIndex).toBe('1');
    expect(await second.evaluate((el) => getComputedStyle(el).borderColor)).not.toBe('rgba(0, 0, 0, 0)');
    const first = gallery.locator('label.gallery-thumb').nth(0);
    if (hasTouch) await first.tap();
    else await first.click();
    await expect.poll(shownIndex).toBe('0');
    // Keyboard: the radios are in the tab order; arrows choose, and the focused thumbnail is outlined.
    await gallery.getByRole('radio', { name: 'Show picture 1' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(shownIndex).toBe('1');
    expect(await second.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  });
});
