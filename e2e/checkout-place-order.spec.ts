/**
 * Placing an order against the real orders API, the real database and a real SMTP server: every
 * validation message without a call, a guest order from the cart to its confirmation page and
 * e-mail, the once-per-session success page, a signed-in order with the details prefilled, a 409
 * the shopper resolves, a Place Order pressed before the form has hydrated, and the empty cart.
 */
import { lineQuantityCap } from '#lib/line-cap.ts';
import { test, expect as baseExpect, rs } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { alterLive, stored } from './shopper.ts';
import { holdRequest } from './requests.ts';
import { newEmail, signInNewAccount } from './accounts.ts';
import { details, field, fillCheckout, idFromUrl, LABELS, ORDER_MAIL, placements, productFor, seedCart, stockOf } from './checkout.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/** Every field a shopper must fill: all but the postal code (optional) and the country (always Pakistan). */
const MUST = (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter((key) => key !== 'shippingAddress.postalCode' && key !== 'shippingAddress.country');
const REQUIRED = MUST.map((key) => `${LABELS[key]} is required.`);

test.describe('checkout', () => {
  test('a guest: every validation message, then the order, its confirmation page and e-mail, once per session', async ({ page, catalog, mailbox }) => {
    const product = await productFor(catalog, 0);
    const total = await seedCart(page, [[product, 2]]);
    const stockBefore = await stockOf(page.request, product._id);
    const sent = placements(page);
    await page.goto('/checkout-page/');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByTestId('checkout-line')).toHaveCount(1);
    await expect(summary.getByTestId('summary-total')).toHaveText(rs(total));
    await expect(summary.getByTestId('summary-shipping')).toHaveText('FREE');
    await expect(field(page, 'shippingAddress.country')).toHaveValue('Pakistan');
    await expect(page.getByRole('radio', { name: /Cash on Delivery \(COD\)/ })).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);

    // Every field blank: each says so beside it and in the alert, focus on the first, no call.
    await page.getByRole('button', { name: 'Place Order' }).click();
    for (const key of MUST) {
      const label = LABELS[key];
      const input = field(page, key);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator(`[id="${key}-error"]`)).toHaveText(`${label} is required.`);
      await expect(input).toHaveAttribute('aria-describedby', new RegExp(`${key}-error`));
    }
    for (const message of REQUIRED) await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(field(page, 'guestInfo.name')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);

    // A bad e-mail and a bad phone.
    const email = newEmail('guest');
    await fillCheckout(page, { ...details(email), 'guestInfo.email': 'ayesha@', contactNumber: '0300-12' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('[id="guestInfo.email-error"]')).toHaveText('Invalid email address.');
    await expect(page.locator('[id="contactNumber-error"]')).toHaveText('Invalid phone number. Please enter 10-15 digits only.');
    await expect(field(page, 'contactNumber')).toBeFocused();
    await expect(page.locator('[id="guestInfo.name-error"]')).toHaveCount(0);
    expect(sent).toEqual([]);

    // The order: 'Placing Order...' while it is out, then its page.
    // A phone written the international way is taken, and stored in its one form.
    await fillCheckout(page, { 'guestInfo.email': email.toUpperCase(), contactNumber: '+92 300 123 4567' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    expect(sent).toHaveLength(1);
    const placed = await (await page.request.get(`/api/order/order-status/${idFromUrl(page.url())}`)).json();
    expect(placed.order.contactNumber).toBe('+923001234567');
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0].auth).toBeUndefined();
    const id = idFromUrl(page.url());
    expect(await stored(page, 'guestCart')).toBe('[]');
    const guestOrder = JSON.parse((await page.evaluate((k) => sessionStorage.getItem(k), `guest_order_${id}`))!);
    expect(guestOrder).toMatchObject({ orderId: id, guestEmail: email, isTemporary: false, orderNumber: expect.stringMatching(/^KR-/) });

    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    const number = (await page.getByTestId('order-number').textContent())!;
    expect(number).toMatch(/^KR-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await expect(page.getByTestId('order-id')).toHaveText(id);
    await expect(page.getByTestId('order-total')).toHaveText(rs(total));
    await expect(page.getByTestId('order-payment')).toHaveText('Cash on Delivery (COD)');
    await expect(page.getByTestId('order-status-badge')).toHaveText('Pending');
    await expect(page.getByTestId('order-contact-name')).toHaveText('Ayesha Khan');
    await expect(page.getByTestId('order-address')).toContainText('Islamabad');
    await expect(page.getByTestId('order-lines')).toContainText(product.name);
    // Items are units (2 of one product), said the same way here and on the status page.
    await expect(page.getByRole('heading', { level: 2, name: 'Items: 2 items (1 product)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: "What's Next" })).toBeVisible();
    const success = page.getByTestId('order-success');
    await expect(success.getByRole('link', { name: 'Track Your Order' })).toHaveAttribute('href', `/order/order-status/${id}/`);
    await expect(success.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(await axeViolations(page)).toEqual([]);

    // The confirmation e-mail: number, total, tracking link; one order, stock down by 2.
    const mail = await mailbox.waitFor(email, { subject: ORDER_MAIL });
    expect(mail.subject).toBe(`Your Kiryana order ${number}`);
    expect(mail.text).toContain(`Total: ${rs(total)}`);
    expect(mail.text).toContain('Delivery: free, in 2-3 business days.');
    expect(mail.text).toMatch(new RegExp(`/order/order-status/${id}/?`));
    expect(await stockOf(page.request, product._id)).toBe(stockBefore - 2);

    // A second visit to the success page goes to the status page.
    await page.goto(`/order/success/${id}/`);
    await page.waitForURL(`/order/order-status/${id}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Items: 2 items (1 product)' })).toBeVisible();
    await expect(page.getByTestId('order-status')).toContainText('2 items (1 product)');
  });

  test('signed in: the details are prefilled, the Bearer is sent, and the order is in the account history', async ({ page, catalog, mailbox }) => {
    const product = await productFor(catalog, 1);
    const { token, email } = await signInNewAccount(page, page.request, mailbox, 'signed-in');
    const total = await seedCart(page, [[product, 1]]);
    const sent = placements(page);
    await page.goto('/checkout-page/');
    await expect(field(page, 'guestInfo.name')).toHaveValue('Bilal Ahmed');
    await expect(field(page, 'guestInfo.email')).toHaveValue(email);
    await expect(field(page, 'contactNumber')).toHaveValue('03219876543');
    await fillCheckout(page, { 'shippingAddress.address': '22 Mall Road', 'shippingAddress.city': 'Lahore', 'shippingAddress.province': 'Punjab', 'shippingAddress.postalCode': '54000' });
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    const id = idFromUrl(page.url());
    expect(sent).toEqual([{ key: expect.any(String), auth: `Bearer ${token}` }]);
    await expect(page.getByTestId('order-total')).toHaveText(rs(total));
    // A signed-in order keeps no guest entry.
    expect(await page.evaluate((k) => sessionStorage.getItem(k), `guest_order_${id}`)).toBeNull();
    const number = (await page.getByTestId('order-number').textContent())!;

    await page.goto('/account/');
    const history = page.getByTestId('order-history');
    const entry = history.getByRole('link', { name: new RegExp(`^${number}`) });
    await expect(entry).toHaveAttribute('href', `/order/order-status/${id}/`);
    await expect(entry).toContainText(rs(total));
    await expect(entry).toContainText('Pending');
    await expect(entry).toContainText('1 item');
    expect(await axeViolations(page)).toEqual([]);
    await entry.click();
    await page.waitForURL(`/order/order-status/${id}/`);
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-view', 'order');
  });

  test('a 409: the short line is shown, the shopper lowers it and places the order with the new figures', async ({ page, catalog, request }) => {
    const product = await productFor(catalog, 2);
    const stock = await stockOf(request, product._id);
    // Someone else buys all but 1 (in orders of at most the line cap each).
    for (let left = stock - 1; left > 0; left -= lineQuantityCap()) {
      const other = await request.post('/api/order/place', {
        data: {
          items: [{ productId: product._id, quantity: Math.min(left, lineQuantityCap()), price: product.price - product.discount }],
          totalAmount: 1,
          paymentMethod: 'COD',
          shippingAddress: { address: 'Shop 1', city: 'Karachi', province: 'Sindh', postalCode: '75500', country: 'Pakistan' },
          contactNumber: '03001112222',
          guestInfo: { name: 'Other Shopper', email: newEmail('other') },
        },
      });
      expect(other.status()).toBe(201);
    }
    await seedCart(page, [[product, 3]]);
    // The page's own re-check would see the stock first: let it see the stock of before, as a page opened earlier would.
    await alterLive(page, (figures) => (figures._id === product._id ? { ...figures, stock } : figures));
    await page.goto('/checkout-page/');
    await fillCheckout(page, details(newEmail('conflict')));
    await page.getByRole('button', { name: 'Place Order' }).click();
    const line = page.getByTestId('checkout-line');
    await expect(line.getByTestId('checkout-line-notices')).toHaveText('Only 1 left');
    await expect(page.getByRole('alert').filter({ hasText: 'Some items in your order changed' })).toBeVisible();
    await expect(page.getByTestId('checkout-blocked')).toHaveText('Lower the quantities above the stock to proceed to checkout.');
    expect(await axeViolations(page)).toEqual([]);
    await line.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click();
    await line.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click();
    await expect(line.getByTestId('checkout-line-quantity')).toContainText('Qty 1');
    await expect(line.getByRole('button', { name: `Increase quantity of ${product.name}` })).toBeDisabled();
    const sale = product.price - product.discount;
    await expect(page.getByTestId('summary-total')).toHaveText(rs(sale - Math.floor(sale * 0.1)));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    await expect(page.getByTestId('order-total')).toHaveText(rs(sale - Math.floor(sale * 0.1)));
    expect(await stockOf(request, product._id)).toBe(0);
  });

  test('a Place Order pressed before the form has hydrated is held, then sent by the island', async ({ page, catalog }) => {
    const product = await productFor(catalog, 10);
    await seedCart(page, [[product, 1]]);
    const sent = placements(page);
    // The form island's code waits until the form has been sent the ordinary way.
    const release = await holdRequest(page, '/_astro/CheckoutForm*.js', { every: true });
    await page.goto('/checkout-page/');
    await fillCheckout(page, details(newEmail('early')));
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.locator('form[data-held]')).toHaveCount(1);
    await expect(page).toHaveURL(/\/checkout-page\/$/);
    expect(sent).toEqual([]);
    release();
    await page.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    expect(sent).toHaveLength(1);
  });

  test('an empty cart shows its state with a way to the shop, and axe finds nothing', async ({ page }) => {
    await page.goto('/checkout-page/');
    await expect(page.getByTestId('checkout-empty')).toContainText('Your cart is empty. Please add items to cart before checkout.');
    await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeHidden();
    expect(await axeViolations(page)).toEqual([]);
  });
});
