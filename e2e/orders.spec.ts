/**
 * Tracking orders against the real API: by id (the whole order) and by number through
 * the /OrderStatus/ form (the summary only: no name, address or items), the timeline, temp_ ids
 * (a notice, then home after 3 s; the success page's Order Information), unknown orders, and axe
 * on every state.
 */
import type { Product } from '#lib/schemas/catalog.ts';
import { test, expect as baseExpect, rs } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { advance } from './operator.ts';
import { placeGuestOrder, productFor } from './checkout.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

test.describe('order tracking', () => {
  test('by id: the whole order with its timeline; by number through /OrderStatus/: the summary only', async ({ page, catalog, request }) => {
    const product = await productFor(catalog, 6);
    const order = await placeGuestOrder(request, product, 2);

    await page.goto(`/order/order-status/${order._id}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-view', 'order');
    await expect(page.getByTestId('order-status-badge')).toHaveText('Pending');
    await expect(page.getByTestId('order-id')).toHaveText(order._id);
    await expect(page.getByTestId('order-total')).toHaveText(rs(order.totalAmount));
    await expect(page.getByTestId('order-payment')).toHaveText('Cash on Delivery (COD)');
    const steps = page.getByTestId('order-timeline').getByRole('listitem');
    await expect(steps).toHaveText([/^Pending\s*Current/, /^Processing\s*Not yet/, /^Shipped\s*Not yet/, /^Delivered\s*Not yet/]);
    await expect(steps.first().locator('time')).toHaveCount(1);
    await expect(page.getByTestId('order-contact-name')).toHaveText('Zainab Qureshi');
    await expect(page.getByTestId('order-address')).toContainText('7 Canal View');
    await expect(page.getByTestId('order-lines')).toContainText(product.name);
    expect(await axeViolations(page)).toEqual([]);

    // The footer's Track Your Order: a blank box says so; the number typed any way finds the order.
    await page.goto('/OrderStatus/');
    await expect(page.getByRole('heading', { level: 1, name: 'Track Your Order' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Track Order' }).click();
    await expect(page.locator('#order-error')).toHaveText('Please enter your order ID or order number.');
    await expect(page.getByLabel('Order number or order ID')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Order number or order ID').fill(order.orderNumber.toLowerCase().replace(/-/g, ' '));
    await page.getByRole('button', { name: 'Track Order' }).click();
    await page.waitForURL(`/order/order-status/${order.orderNumber}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-view', 'summary');
    await expect(page.getByTestId('order-total')).toHaveText(rs(order.totalAmount));
    // Units ordered (2 of one product).
    await expect(page.getByTestId('order-items')).toHaveText('2 items');
    await expect(page.getByTestId('order-private-note')).toContainText('They are in your confirmation e-mail');
    // No personal details by number alone.
    const text = (await page.locator('main').textContent())!;
    for (const secret of ['Zainab', '7 Canal View', '03004445555', order._id, product.name]) expect(text).not.toContain(secret);
    expect(await axeViolations(page)).toEqual([]);

    // By id through the form too.
    await page.goto('/OrderStatus/');
    await page.getByLabel('Order number or order ID').fill(order._id);
    await page.getByLabel('Order number or order ID').press('Enter');
    await page.waitForURL(`/order/order-status/${order._id}/`);
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-view', 'order');
  });

  test('the timeline follows the order: each step reached with its time, and a cancelled order said plainly', async ({ page, catalog, request }) => {
    const shipped = await placeGuestOrder(request, await productFor(catalog, 26));
    await advance(request, shipped.orderNumber, 'Processing');
    await advance(request, shipped.orderNumber, 'Shipped');
    await page.goto(`/order/order-status/${shipped.orderNumber}/`);
    await expect(page.getByTestId('order-status-badge')).toHaveText('Shipped');
    const steps = page.getByTestId('order-timeline').getByRole('listitem');
    await expect(steps).toHaveText([/^Pending\s*\d/, /^Processing\s*\d/, /^Shipped\s*Current\s*\d/, /^Delivered\s*Not yet/]);
    await expect(steps.locator('time')).toHaveCount(3);
    await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');

    const cancelled = await placeGuestOrder(request, await productFor(catalog, 9));
    await advance(request, cancelled.orderNumber, 'Cancelled');
    await page.goto(`/order/order-status/${cancelled._id}/`);
    await expect(page.getByTestId('order-status-badge')).toHaveText('Cancelled');
    await expect(page.getByText('This order was cancelled. Nothing is due for it.')).toBeVisible();
    await expect(page.getByTestId('order-timeline').getByRole('listitem')).toHaveText([/^Pending\s*\d/, /^Cancelled\s*\d/]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a temp_ id on the status page: the guest-order notice, then home after 3 s', async ({ page }) => {
    // The way home is held until the notice has been checked (a navigation commits only when its
    // page arrives); when the page asked for it is what is timed.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let askedAt = 0;
    await page.route((url) => url.pathname === '/', async (route) => {
      askedAt = Date.now();
      await held;
      await route.continue();
    });
    const started = Date.now();
    await page.goto('/order/order-status/temp_1732400000000_ab12cd/');
    await expect(page.getByTestId('temp-order-notice')).toContainText('Please check your e-mail for your order number and tracking link.');
    await expect.poll(() => askedAt, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(askedAt - started).toBeGreaterThanOrEqual(3000);
    release();
    await page.waitForURL('/');
  });

  test('a temp_ id on the status page: axe finds nothing on the notice', async ({ page }) => {
    // The way home is answered 204 No Content, so the browser stays on the notice and axe never
    // races a navigation (on a loaded machine axe took longer than 3 s and hung on the page being left).
    let asked = false;
    await page.route((url) => url.pathname === '/', (route) => {
      asked = true;
      return route.fulfill({ status: 204 });
    });
    await page.goto('/order/order-status/temp_1732400000000_ab12cd/');
    await expect.poll(() => asked, { timeout: 10_000 }).toBe(true);
    await expect(page.getByTestId('temp-order-notice')).toContainText('Please check your e-mail for your order number and tracking link.');
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a temp_ id on the success page: Order Information pointing to the e-mail, shown on every visit", async ({ page }) => {
    await page.goto('/order/success/temp_1732400000000_ab12cd/');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Information' })).toBeVisible();
    await expect(page.getByTestId('order-information')).toContainText('You will receive an e-mail confirmation');
    // Nothing kept in this tab: nothing to check again.
    await expect(page.getByRole('button', { name: 'Check Again' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/order/success/temp_1732400000000_ab12cd/');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Information' })).toBeVisible();
  });

  test('an unknown order: Order not found, with the form to try again', async ({ page }) => {
    for (const path of ['/order/order-status/no-such-order-1234567890/', '/order/success/no-such-order-1234567890/']) {
      await page.goto(path);
      await expect(page.getByTestId('order-not-found')).toContainText('Order not found.');
      await expect(page.getByLabel('Order number or order ID')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.getByLabel('Order number or order ID').fill('KR-ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Track Order' }).click();
    await page.waitForURL('/order/order-status/KR-ZZZZ-ZZZZ/');
    await expect(page.getByTestId('order-not-found')).toBeVisible();
  });

  test('a status page that cannot reach the store says so, and Try Again loads the order', async ({ page, catalog, request }) => {
    const order = await placeGuestOrder(request, await productFor(catalog, 27));
    await page.route('**/api/order/order-status/*', (route) => route.fulfill({ status: 503, json: { success: false, message: 'Service Unavailable' } }), { times: 1 });
    await page.goto(`/order/order-status/${order._id}/`);
    await expect(page.getByTestId('order-error')).toContainText('We could not load this order just now.');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('order-id')).toHaveText(order._id);
  });

  test('the confirmation keeps the e-mail address whole where it fits, broken only where it cannot', { tag: '@widths' }, async ({ page, catalog, request }) => {
    const order = await placeGuestOrder(request, await productFor(catalog, 24));
    await page.goto(`/order/success/${order._id}/`);
    const email = page.getByTestId('order-success-email');
    await expect(email).toHaveText(/@example\.pk$/);
    const fit = await email.evaluate((el) => {
      const line = el.closest('p')!.getBoundingClientRect().width;
      const range = document.createRange();
      range.selectNodeContents(el);
      // Its width laid out on one line, and the lines it takes in the page.
      const probe = el.cloneNode(true) as HTMLElement;
      probe.removeAttribute('data-testid');
      probe.style.cssText = 'position:absolute;white-space:nowrap;visibility:hidden';
      el.after(probe);
      const whole = probe.getBoundingClientRect().width;
      probe.remove();
      return { fits: whole <= line, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size };
    });
    // A 1280 px screen has room for the whole address on a line of its own: it is not broken there.
    if ((page.viewportSize()?.width ?? 0) >= 1024) expect(fit.fits).toBe(true);
    if (fit.fits) expect(fit.lines).toBe(1);
  });
});
