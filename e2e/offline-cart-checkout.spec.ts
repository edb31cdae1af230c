/**
 * The cart and the checkout offline, with the store's service worker in Chromium and the context
 * taken offline with `context.setOffline`: a signed-in shopper's cart change made offline is sent
 * when the connection returns; the checkout says a connection is needed, keeps what was typed, drops
 * that error as soon as the connection returns and places the order once back online.
 */
import { paths } from '#lib/paths.ts';
import { OFFLINE_MESSAGES } from '#features/checkout/usePlaceOrder.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { newEmail, signInNewAccount } from './accounts.ts';
import { details, field, fillCheckout, LABELS, productFor, seedCart } from './checkout.ts';
import { kept, underWorker } from './offline.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 120_000 });

test.describe('offline', () => {
  test("a signed-in shopper's cart change made offline, on a page seen, reaches the account once the connection returns", async ({ page, context, catalog, mailbox }) => {
    const product = await productFor(catalog, 15);
    const { token } = await signInNewAccount(page, page.request, mailbox, 'offline-sync');
    const serverCart = async () => {
      const reply = await page.request.get('/api/cart', { headers: { Authorization: `Bearer ${token}` } });
      return Object.fromEntries(((await reply.json()) as { cart: { productId: string; quantity: number }[] }).cart.map((l) => [l.productId, l.quantity]));
    };
    const productPath = paths.product(product._id);
    await page.goto(productPath);
    await underWorker(page);
    await kept(page, productPath);

    await context.setOffline(true);
    await page.reload();
    await page.locator('[data-buy-box]').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.locator('[data-buy-box] [data-add-to-cart]')).toHaveText('Added to Cart!');
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('syncOutbox:')).length)).toBe(1);
    expect(await serverCart()).toEqual({});

    // The outbox is sent when the browser is online again (its own 'online' event), no reload.
    await context.setOffline(false);
    await expect.poll(serverCart, { timeout: 30_000 }).toEqual({ [product._id]: 1 });
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('syncOutbox:')).length)).toBe(0);
  });

  test('checkout offline says a connection is needed, keeps what was typed, and places the order once back online', async ({ page, context, catalog }) => {
    const product = await productFor(catalog, 14);
    await seedCart(page, [[product, 1]]);
    await page.goto('/');
    await underWorker(page);

    await context.setOffline(true);
    await page.goto(paths.checkout());
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const note = page.getByTestId('checkout-offline');
    await expect(note).toBeVisible();
    await expect(note).toHaveText('You are offline. You can check your cart and fill in your details here, but placing the order needs an internet connection.');
    const typed = details(newEmail('offline'));
    await fillCheckout(page, typed);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('alert').filter({ hasText: OFFLINE_MESSAGES.notSent })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout-page\/$/);
    for (const key of Object.keys(LABELS) as (keyof typeof typed)[]) await expect(field(page, key)).toHaveValue(typed[key]);
    await expect(page.getByText('Order placed successfully')).toHaveCount(0);

    await context.setOffline(false);
    await expect(note).toBeHidden();
    // Back online, the offline error gives way at once, before Place Order is pressed again.
    await expect(page.getByTestId('checkout-error')).toBeEmpty();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_MESSAGES.backOnline })).toBeVisible();
    for (const key of Object.keys(LABELS) as (keyof typeof typed)[]) await expect(field(page, key)).toHaveValue(typed[key]);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/order\/success\//, { timeout: 30_000 });
  });
});
