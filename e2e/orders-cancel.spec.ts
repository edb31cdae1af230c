/**
 * A shopper cancels a Pending order against the real API: a guest from the status page with the
 * phone the order was placed with (a wrong one said so beside it, nothing lost); a signed-in
 * shopper from the order history (its Cancel opens the status page's form) and from the status
 * page, with no phone asked; the units back in stock; a mail; no Cancel once it left Pending.
 */
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { advance } from './operator.ts';
import { createAccount, newEmail, storeSession } from './accounts.ts';
import { placeGuestOrder, productFor, stockOf } from './checkout.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

test.describe('cancelling an order', () => {
  test('a guest cancels from the status page with the phone; a wrong phone is said beside it @widths', async ({ page, catalog, request }) => {
    const product = await productFor(catalog, 7);
    const before = await stockOf(request, product._id);
    const order = await placeGuestOrder(request, product, 2); // placed with 03004445555
    expect(await stockOf(request, product._id)).toBe(before - 2);

    await page.goto(`/order/order-status/${order._id}/`);
    await expect(page.getByTestId('order-status-badge')).toHaveText('Pending');
    await page.getByText('Cancel this order').click();
    const phone = page.getByLabel('Phone number used for this order');
    await phone.fill('0300 1112222');
    await page.getByRole('button', { name: 'Yes, cancel my order' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That phone number does not match this order.' })).toBeVisible();
    await expect(phone).toHaveValue('0300 1112222');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/shopper-cancel-form-${test.info().project.name}.png`, fullPage: true });

    await phone.fill('+92 300 4445555');
    await page.getByRole('button', { name: 'Yes, cancel my order' }).click();
    await expect(page.getByTestId('order-notice')).toHaveText(`Your order ${order.orderNumber} has been cancelled. Nothing will be delivered or charged.`);
    await expect(page.getByTestId('order-status-badge')).toHaveText('Cancelled');
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);
    expect(await stockOf(request, product._id)).toBe(before);
    await page.screenshot({ path: `/tmp/shopper-cancelled-${test.info().project.name}.png`, fullPage: true });

    await page.reload();
    await expect(page.getByTestId('order-status-badge')).toHaveText('Cancelled');
  });

  test('a signed-in shopper cancels from the order history and from the status page, no phone asked; not once it is being prepared', async ({ page, catalog, request, mailbox }) => {
    const product = await productFor(catalog, 8);
    const email = newEmail('cancel');
    const token = await createAccount(request, mailbox, email, 'Ayesha Khan');
    const place = async () => {
      const sale = product.price - product.discount;
      const placed = await request.post('/api/order/place', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          items: [{ productId: product._id, quantity: 1, price: sale }],
          totalAmount: sale,
          paymentMethod: 'COD',
          shippingAddress: { address: '7 Canal View', city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan' },
          contactNumber: '03004445555',
          guestInfo: { name: 'Ayesha Khan', email },
        },
      });
      expect(placed.status()).toBe(201);
      return ((await placed.json()) as { order: { _id: string; orderNumber: string } }).order;
    };
    const first = await place();
    const second = await place();
    const third = await place();
    await advance(request, third.orderNumber, 'Processing');
    const before = await stockOf(request, product._id);
    await storeSession(page, token);

    // From the history: a Pending order's Cancel opens its status page's form, which asks no phone.
    await page.goto('/account/');
    const history = page.getByTestId('order-history');
    await expect(history.getByRole('link', { name: `Cancel order ${third.orderNumber}` })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/shopper-history.png', fullPage: true });
    await expect(history.getByRole('link', { name: `Buy again order ${third.orderNumber}` })).toHaveAttribute('href', `/order/order-status/${third._id}/#buy-again`);
    await history.getByRole('link', { name: `Cancel order ${first.orderNumber}` }).click();
    await page.waitForURL(`/order/order-status/${first._id}/#cancel-order`);
    await expect(page.getByLabel('Phone number used for this order')).toHaveCount(0);
    await page.getByRole('button', { name: 'Yes, cancel my order' }).click();
    await expect(page.getByTestId('order-status-badge')).toHaveText('Cancelled');
    await mailbox.waitFor(email, { subject: `Your Kiryana order ${first.orderNumber} was cancelled` });

    // From the status page.
    await page.goto(`/order/order-status/${second._id}/`);
    await page.getByText('Cancel this order').click();
    await page.getByRole('button', { name: 'Yes, cancel my order' }).click();
    await expect(page.getByTestId('order-status-badge')).toHaveText('Cancelled');
    expect(await stockOf(request, product._id)).toBe(before + 2);

    // Being prepared: no Cancel on its page; the history lists both as Cancelled.
    await page.goto(`/order/order-status/${third._id}/`);
    await expect(page.getByTestId('order-status-badge')).toHaveText('Processing');
    await expect(page.getByTestId('order-cancel')).toHaveCount(0);
    await page.goto('/account/');
    await expect(page.getByTestId('order-history').getByRole('link', { name: /Cancel order/ })).toHaveCount(0);
  });
});
