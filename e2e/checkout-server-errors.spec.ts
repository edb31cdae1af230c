/**
 * Checkout when the server fails, against the real orders API, the real database and a real SMTP
 * server: retried with the same Idempotency-Key (after a 500, and across a reload while the order
 * is out), then the fallback (a guest's order taken as placed, a signed-in shopper's looked up among
 * their orders), each leaving exactly one order (one confirmation mail, stock down by exactly the
 * quantity), and the cart kept when no order was made.
 */
import type { Page, Route } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { newEmail, signInNewAccount } from './accounts.ts';
import { noMoreMail } from './mail.ts';
import { stored, storedList } from './shopper.ts';
import { details, field, fillCheckout, ORDER_MAIL, placements, productFor, seedCart, stockOf } from './checkout.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/** Sends every placement to the real server, then answers 500 instead of its reply (`times`: the first N only). */
async function serverErrorAfterPlacing(page: Page, times?: number) {
  let left = times ?? Infinity;
  await page.route('**/api/order/place', async (route: Route) => {
    if (left <= 0) return route.continue();
    left -= 1;
    await route.fetch();
    await route.fulfill({ status: 500, json: { success: false, message: 'Internal Server Error' } });
  });
}

test.describe('checkout', () => {
  test('a 500 after the order was made: the retry with the same key gets that order, exactly one', async ({ page, catalog, mailbox }) => {
    const product = await productFor(catalog, 3);
    const stockBefore = await stockOf(page.request, product._id);
    await seedCart(page, [[product, 2]]);
    const email = newEmail('retry');
    const sent = placements(page);
    await serverErrorAfterPlacing(page, 1);
    await page.goto('/checkout-page/');
    await fillCheckout(page, details(email));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('button', { name: 'Placing Order...' })).toBeDisabled();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    expect(sent).toHaveLength(2);
    expect(sent[1].key).toBe(sent[0].key);
    await expect(page.getByTestId('order-status-badge')).toHaveText('Pending');
    expect(await stockOf(page.request, product._id)).toBe(stockBefore - 2);
    await mailbox.waitFor(email, { subject: ORDER_MAIL });
    await noMoreMail(mailbox, email, ORDER_MAIL);
  });

  test('a guest when every reply is a server error: temp_ order, Order Information, and Check Again finds the one order', async ({ page, catalog, mailbox }) => {
    const product = await productFor(catalog, 4);
    const stockBefore = await stockOf(page.request, product._id);
    await seedCart(page, [[product, 1]]);
    const email = newEmail('fallback');
    const sent = placements(page);
    await serverErrorAfterPlacing(page);
    await page.goto('/checkout-page/');
    await fillCheckout(page, details(email));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByTestId('checkout-notice')).toHaveText('Order placed successfully! You will receive an email confirmation...');
    await page.waitForURL(/\/order\/success\/temp_[0-9]+_[0-9a-z]+\/$/);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(await stored(page, 'guestCart')).toBe('[]');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Information' })).toBeVisible();
    await expect(page.getByTestId('order-information')).toContainText(email);
    expect(await axeViolations(page)).toEqual([]);
    // Exactly one order was made by the three requests.
    expect(await stockOf(page.request, product._id)).toBe(stockBefore - 1);
    const mail = await mailbox.waitFor(email, { subject: ORDER_MAIL });
    // A temporary order's page is shown again on a second visit.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Information' })).toBeVisible();
    // The store answers again: Check Again gets the order it made (the same key), not a second one.
    await page.unroute('**/api/order/place');
    await page.getByRole('button', { name: 'Check Again' }).click();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    await expect(page.getByTestId('order-number')).toHaveText(mail.subject.replace('Your Kiryana order ', ''));
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(await stockOf(page.request, product._id)).toBe(stockBefore - 1);
    await noMoreMail(mailbox, email, ORDER_MAIL);
  });

  test('signed in when every reply is a server error: the recent order is found and confirmed', async ({ page, catalog, mailbox }) => {
    const product = await productFor(catalog, 5);
    const stockBefore = await stockOf(page.request, product._id);
    const { email } = await signInNewAccount(page, page.request, mailbox, 'confirm');
    await seedCart(page, [[product, 1]]);
    const sent = placements(page);
    await serverErrorAfterPlacing(page);
    await page.goto('/checkout-page/');
    await expect(field(page, 'guestInfo.email')).toHaveValue(email);
    await fillCheckout(page, { 'shippingAddress.address': '22 Mall Road', 'shippingAddress.city': 'Lahore', 'shippingAddress.province': 'Punjab', 'shippingAddress.postalCode': '54000' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByTestId('checkout-notice')).toHaveText('Order processing... Please wait while we confirm.');
    await expect(page.getByTestId('checkout-notice')).toHaveText(/^Order confirmed! Order Number\/ID KR-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const number = (await page.getByTestId('checkout-notice').textContent())!.split(' ').pop();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    await expect(page.getByTestId('order-number')).toHaveText(number!);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
    expect(await stockOf(page.request, product._id)).toBe(stockBefore - 1);
    expect(await stored(page, 'guestCart')).toBe('[]');
    await mailbox.waitFor(email, { subject: ORDER_MAIL });
    await noMoreMail(mailbox, email, ORDER_MAIL);
  });

  test('signed in when no order was made: not found, then the check itself failing; the cart is kept each time', async ({ page, catalog, mailbox }) => {
    const product = await productFor(catalog, 12);
    const stockBefore = await stockOf(page.request, product._id);
    const { email } = await signInNewAccount(page, page.request, mailbox, 'unconfirmed', 'Sana Iqbal');
    await seedCart(page, [[product, 1]]);
    const sent = placements(page);
    // The store never receives the placement: every reply is a 500 made here.
    await page.route('**/api/order/place', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Internal Server Error' } }));
    await page.goto('/checkout-page/');
    await fillCheckout(page, { 'shippingAddress.address': '9 Canal View', 'shippingAddress.city': 'Lahore', 'shippingAddress.province': 'Punjab', 'shippingAddress.postalCode': '54000' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByTestId('checkout-notice')).toHaveText('Order processing... Please wait while we confirm.');
    await expect(page.getByTestId('checkout-error')).toHaveText('Order may not have been processed correctly. Please check your order history or contact support.');
    expect(sent).toHaveLength(3);
    await expect(page).toHaveURL(/\/checkout-page\/$/);
    expect(await storedList(page, 'guestCart')).toHaveLength(1);

    // The order list cannot be read either: the check says so, and the cart stays.
    await page.route(/\/api\/order(\?.*)?$/, (route) => route.fulfill({ status: 503, json: { success: false, message: 'Service Unavailable' } }));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByTestId('checkout-error')).toHaveText('Unable to confirm order status. Please check your order history or contact support.');
    expect(sent).toHaveLength(6);
    expect(await storedList(page, 'guestCart')).toHaveLength(1);
    expect(await stockOf(page.request, product._id)).toBe(stockBefore);
    await noMoreMail(mailbox, email, ORDER_MAIL);
  });

  test('a reload while the order is out: the form comes back filled and the same Idempotency-Key is sent', async ({ page, catalog }) => {
    const product = await productFor(catalog, 11);
    const stockBefore = await stockOf(page.request, product._id);
    await seedCart(page, [[product, 1]]);
    const sent = placements(page);
    // The first placement never reaches the store: the tab is reloaded while it is out.
    let drop!: () => void;
    const dropped = new Promise<void>((r) => (drop = r));
    await page.route(
      '**/api/order/place',
      async (route) => {
        await dropped;
        await route.abort().catch(() => {});
      },
      { times: 1 },
    );
    await page.goto('/checkout-page/');
    const email = newEmail('reload');
    await fillCheckout(page, details(email));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByRole('button', { name: 'Placing Order...' })).toBeDisabled();
    await page.reload();
    drop();
    for (const [key, value] of [['guestInfo.name', 'Ayesha Khan'], ['shippingAddress.city', 'Islamabad'], ['shippingAddress.postalCode', '44000'], ['guestInfo.email', email]] as const) {
      await expect(field(page, key)).toHaveValue(value);
    }
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    expect(sent).toHaveLength(2);
    expect(sent[1].key).toBe(sent[0].key);
    expect(await stockOf(page.request, product._id)).toBe(stockBefore - 1);
    // Placed: the attempt is forgotten, the next order gets a key of its own.
    expect(await page.evaluate(() => sessionStorage.getItem('checkout_attempt'))).toBeNull();
  });
});
