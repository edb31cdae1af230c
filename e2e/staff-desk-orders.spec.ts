/**
 * The order desk's list against the real API: a packer on a phone sees a new guest order arrive
 * without a reload, finds orders, and moves several at once (each refused one said); the counts
 * by status; a packer has no Reports and no cancelling (hidden, and 403 from the API); axe clean.
 */
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { advance } from './operator.ts';
import { placeGuestOrder, productFor } from './checkout.ts';
import { readyMember } from './staff.ts';
import { pakistanDay } from '#features/staff/time.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const row = (page: import('@playwright/test').Page, number: string) => page.locator(`[data-testid="order-row"][data-number="${number}"]`);

test.describe('the order desk list', () => {
  test('a new guest order appears on the open list without a reload, marked and announced @widths', async ({ page, catalog, request, mailbox, baseURL }) => {
    await readyMember(page, mailbox, 'packer');
    let navigations = 0;
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations++);
    await page.goto('/staff/orders/');
    await expect(page.getByTestId('orders-table')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0);
    const navigated = navigations;

    const order = await placeGuestOrder(request, await productFor(catalog, 60));
    // Polled every 3 s: the row is there within 5 s of the placement (the expectation's default wait).
    await baseExpect(row(page, order.orderNumber)).toBeVisible();
    await expect(row(page, order.orderNumber)).toHaveAttribute('data-fresh', '');
    await expect(row(page, order.orderNumber).getByText('New')).toBeVisible();
    await expect(page.getByTestId('orders-news')).toHaveText(/^\d+ new orders?$/);
    expect(navigations).toBe(navigated);
    await expect(row(page, order.orderNumber)).toContainText('Zainab Qureshi');
    await expect(row(page, order.orderNumber)).toContainText('Lahore');
    await expect(row(page, order.orderNumber)).toContainText(`Rs. ${order.totalAmount.toLocaleString('en-US')}`);
    await expect(row(page, order.orderNumber)).toContainText('Not paid');
    expect(await axeViolations(page)).toEqual([]);
    // Nothing scrolls sideways (the wide report table scrolls in its own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.screenshot({ path: `/tmp/staff-desk-orders-${test.info().project.name}.png`, fullPage: true });
  });

  test('several orders marked at once, a refused one said by number', async ({ page, catalog, request, mailbox, baseURL }) => {
    await readyMember(page, mailbox, 'packer');
    const product = await productFor(catalog, 61);
    const first = await placeGuestOrder(request, product);
    const second = await placeGuestOrder(request, product);
    const done = await placeGuestOrder(request, product);
    await advance(request, done.orderNumber, 'Delivered');

    await page.goto('/staff/orders/');
    for (const o of [first, second, done]) await page.getByRole('checkbox', { name: `Select ${o.orderNumber}` }).check();
    await expect(page.getByTestId('selected-count')).toHaveText('3 selected');
    await page.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(page.getByTestId('bulk-done')).toHaveText('2 orders marked Shipped.');
    await expect(page.getByTestId('bulk-refused')).toContainText(done.orderNumber);
    await expect(row(page, first.orderNumber)).toContainText('Shipped');
    await expect(row(page, second.orderNumber)).toContainText('Shipped');
    await expect(row(page, done.orderNumber)).toContainText('Delivered');
    await page.screenshot({ path: `/tmp/staff-desk-bulk-${test.info().project.name}.png`, fullPage: true });
  });

  test('finds by number, filters by status, and says a bad search at the field', async ({ page, catalog, request, mailbox, baseURL }) => {
    await readyMember(page, mailbox, 'packer');
    const order = await placeGuestOrder(request, await productFor(catalog, 62));
    await page.goto('/staff/orders/');
    await expect(page.getByTestId('orders-table')).toBeVisible();

    await page.getByLabel('Find', { exact: true }).fill(order.orderNumber.toLowerCase().replace(/-/g, ' '));
    await page.getByRole('button', { name: 'Show orders' }).click();
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expect(row(page, order.orderNumber)).toBeVisible();
    await expect(page.getByTestId('orders-total')).toHaveText('1 order');

    // Pakistan days: today's orders hold it; an end before the start is said at the field.
    const today = pakistanDay(new Date());
    await page.getByLabel('From (day)').fill(today);
    await page.getByLabel('To (day)').fill(today);
    await page.getByRole('button', { name: 'Show orders' }).click();
    await expect(row(page, order.orderNumber)).toBeVisible();
    await page.getByLabel('From (day)').fill('2026-02-02');
    await page.getByLabel('To (day)').fill('2026-02-01');
    await page.getByRole('button', { name: 'Show orders' }).click();
    await expect(page.locator('#to-error')).toHaveText('The end date must be on or after the start date.');
    await expect(page.getByLabel('To (day)')).toBeFocused();
    await page.getByLabel('From (day)').fill('');
    await page.getByLabel('To (day)').fill('');

    await page.getByLabel('Find', { exact: true }).fill('ab');
    await page.getByRole('button', { name: 'Show orders' }).click();
    const find = page.getByLabel('Find', { exact: true });
    await expect(find).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#find-error')).toContainText('Type at least 3 letters');
    await expect(find).toHaveValue('ab');

    await page.getByLabel('Find', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Show orders' }).click();
    await page.getByTestId('count-Pending').click();
    await expect(page.getByTestId('count-Pending')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('Pending');
    await expect(page.getByTestId('orders-table')).toHaveAttribute('aria-busy', 'false');
    const statuses = await page.getByTestId('order-row').locator('.staff-status').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Pending']));
  });

  // What a packer is shown and refused: the staff API's permission tests run on both databases.
  test('a packer sees no cancelling and no reports, and the API refuses both', { tag: '@one-database' }, async ({ page, catalog, request, mailbox, baseURL }) => {
    await readyMember(page, mailbox, 'packer');
    const order = await placeGuestOrder(request, await productFor(catalog, 63));
    await page.goto(`/staff/order/?number=${order.orderNumber}`);
    await expect(page.getByTestId('order-number')).toContainText(order.orderNumber);
    await expect(page.getByRole('button', { name: 'Mark Processing' })).toBeVisible();
    await expect(page.getByText('Cancel this order')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Reports' })).toHaveCount(0);

    const origin = new URL(baseURL!).origin;
    const cancel = await page.context().request.post(`/api/staff/orders/${order.orderNumber}/cancel`, { headers: { Origin: origin }, data: { reason: 'Packer tries' } });
    expect(cancel.status()).toBe(403);
    const report = await page.context().request.get('/api/staff/reports/sales?from=2026-01-01&to=2026-01-31');
    expect(report.status()).toBe(403);

    await page.goto('/staff/reports/');
    await expect(page.getByText('Your role does not allow this.')).toBeVisible();
    await expect(page.getByTestId('sales-table')).toHaveCount(0);
  });
});
