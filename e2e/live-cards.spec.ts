/**
 * Built product cards show the catalogue's stock and price now (src/features/catalog/card-live.ts):
 * one live-figures request a page, a card sold out since the build says so and cannot be added, a
 * changed price shows the new one. The API is altered in the browser (alterLive), as if the
 * catalogue had changed since the build.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, rs } from './fixtures.ts';
import { watchToasts } from './feedback.ts';
import { alterLive } from './shopper.ts';

const card = (scope: Page | Locator, id: string) => scope.locator(`article[data-product-id="${id}"]`).first();
const cardIds = (page: Page) => page.locator('article[data-product-id]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-product-id')!))]);

test.describe('cards show live stock and price', () => {
  test('home: a card sold out since the build says Out of Stock and cannot be added; one request for the page', async ({ page }) => {
    await page.goto('/');
    const ids = await cardIds(page);
    const target = ids[0];
    const asked = await alterLive(page, (figures) => (figures._id === target ? { ...figures, stock: 0 } : figures));
    await page.reload();
    const sold = card(page, target);
    await expect(sold.getByTestId('stock-badge')).toHaveText('Out of Stock');
    await expect(sold.locator('button[data-add-to-cart]')).toBeDisabled();
    await expect(sold.locator('button[data-add-to-cart]')).toHaveText('Out of Stock');
    expect(asked).toHaveLength(Math.ceil(ids.length / 100));
    expect(asked.flatMap((url) => new URL(url).searchParams.get('ids')!.split(',')).sort()).toEqual([...ids].sort());
  });

  test('category: a new price and a sell-out are shown; a low-stock card that sold out is not "Added"', async ({ page, catalog }) => {
    const [category] = await catalog.categories();
    const products = (await catalog.products()).filter((p) => p.categoryId === category._id && p.stock > 3);
    const [dearer, gone] = products;
    const asked = await alterLive(page, (figures) =>
      figures._id === dearer._id ? { ...figures, price: dearer.price + 50, discount: 0 } : figures._id === gone._id ? { ...figures, stock: 0 } : figures,
    );
    await page.goto(`/category/${category._id}/`);
    const grid = page.getByTestId('product-grid');
    await expect(card(grid, dearer._id).getByTestId('price')).toHaveText(rs(dearer.price + 50));
    await expect(card(grid, dearer._id).locator('.price-was')).toHaveCount(0);
    await expect(card(grid, dearer._id).locator('.card-discount')).toHaveCount(0);
    await expect(card(grid, gone._id).getByTestId('stock-badge')).toHaveText('Out of Stock');
    await expect(card(grid, gone._id).getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(asked).toHaveLength(1);

    // The dearer product goes into the cart at its new price.
    const toasts = await watchToasts(page);
    await card(grid, dearer._id).getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(async () => (await toasts()).map((t) => t.text)).toEqual(['Added to cart']);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guestCart')!))).toMatchObject([{ productId: dearer._id, price: dearer.price + 50 }]);
  });

  test('a card with every unit left already in the cart says so instead of Added', async ({ page, catalog }) => {
    const [category] = await catalog.categories();
    const product = (await catalog.products()).find((p) => p.categoryId === category._id && p.stock > 3)!;
    await alterLive(page, (figures) => (figures._id === product._id ? { ...figures, stock: 1 } : figures));
    await page.goto(`/category/${category._id}/`);
    const target = card(page.getByTestId('product-grid'), product._id);
    await expect(target.getByTestId('stock-badge')).toHaveText('Only 1 left!');
    const toasts = await watchToasts(page);
    await target.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(target.getByRole('button', { name: 'Added!' })).toBeVisible();
    await target.locator('button[data-add-to-cart]').click();
    await expect.poll(async () => (await toasts()).map((t) => `${t.type}: ${t.text}`)).toEqual(['cart: Added to cart', 'error: Only 1 left, and it is in your cart.']);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guestCart')!))).toMatchObject([{ productId: product._id, quantity: 1 }]);
  });
});
