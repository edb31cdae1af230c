/**
 * A product an editor takes off sale (through the catalogue desk's API, as the product form does)
 * leaves the shop: once the store has rebuilt the pages the change touched, the product's page
 * answers 404, its category page and the search no longer show it, and a cart that still holds it
 * marks it no longer available and cannot go to checkout; a placement naming it is refused as a
 * product no longer sold. Put back on sale at the end, its page returns.
 * Runs on the embedded database (phone) and on PostgreSQL (the postgres project runs staff-* specs).
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { paths } from '#lib/paths.ts';
import { productFor } from './checkout.ts';
import { expect, test } from './fixtures.ts';
import { lineOf, seedStorage } from './shopper.ts';
import { readyMember } from './staff.ts';

/** A product of this spec's own (productFor's slot): no other spec lists, orders or counts it. */
const SLOT = 75;
const CATEGORY_PAGE_SIZE = 48;

const card = (page: Page, p: Product) => page.locator(`article[data-testid="product-card"][data-product-id="${p._id}"]`);
const line = (page: Page, p: Product) => page.getByTestId('cart-line').filter({ has: page.getByRole('link', { name: p.name }) });

test('a product taken off sale leaves its page, its category page and the search; a cart holding it cannot check out', async ({ page, catalog, mailbox, request, baseURL }) => {
  test.setTimeout(240_000);
  const product = await productFor(catalog, SLOT);
  // The category page that lists it (newest first, as the page is built).
  const listed = (await (await request.get(`/api/categories/${product.categoryId}/products?limit=500`)).json()).data.products as Product[];
  const categoryPage = paths.categoryPage(product.categoryId, Math.floor(listed.findIndex((p) => p._id === product._id) / CATEGORY_PAGE_SIZE) + 1);
  await page.goto(categoryPage);
  await expect(card(page, product)).toHaveCount(1);

  await readyMember(page, mailbox, 'editor', 'Off Sale Editor');
  const origin = { Origin: new URL(baseURL!).origin };
  const api = `/api/staff/products/${encodeURIComponent(product._id)}`;
  const setOnSale = async (onSale: boolean) => {
    const { version } = (await (await page.request.get(api)).json()).data;
    const saved = await page.request.patch(api, { headers: origin, data: { version, changes: { onSale } } });
    expect(saved.status(), await saved.text()).toBe(200);
  };

  await setOnSale(false);
  try {
    // The store rebuilds the pages the change touched by itself: the product's page goes.
    await expect.poll(async () => (await request.get(paths.product(product._id))).status(), { timeout: 120_000 }).toBe(404);
    await page.goto(categoryPage);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(card(page, product)).toHaveCount(0);

    await page.goto(paths.search(product.name));
    await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();

    // A cart filled before: the line is marked, and checkout is out of reach.
    await seedStorage(page, { guestCart: [lineOf(product, 1)] });
    await page.goto('/cart/');
    await expect(line(page, product).getByTestId('line-notices')).toHaveText('No longer available');
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    const sale = product.price - product.discount;
    const placed = await request.post('/api/order/place', {
      data: {
        items: [{ productId: product._id, quantity: 1, price: sale }],
        totalAmount: sale,
        paymentMethod: 'COD',
        shippingAddress: { address: '7 Canal View', city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan' },
        contactNumber: '03004445555',
        guestInfo: { name: 'Zainab Qureshi', email: `off-sale-${Date.now()}@example.pk` },
      },
    });
    expect(placed.status()).toBe(409);
    expect((await placed.json()).conflicts).toEqual([expect.objectContaining({ productId: product._id, reason: 'unavailable' })]);
  } finally {
    await setOnSale(true);
  }
  await expect.poll(async () => (await request.get(paths.product(product._id))).status(), { timeout: 120_000 }).toBe(200);
});
