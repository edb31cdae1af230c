/**
 * One order at the desk against the real API: a manager moves it along, marks the cash collected,
 * adds a note (script in it shown as text), cancels another with a reason (its units back in
 * stock); the timeline says who did each; the packing slip prints alone on A4 and on an 80 mm roll.
 */
import { writeFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { newEmail } from './accounts.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { placeGuestOrder, productFor, stockOf } from './checkout.ts';
import { readyMember } from './staff.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const MM = 72 / 25.4; // PDF points a millimetre

/** The page sizes of a PDF, in millimetres (each page's MediaBox). */
function pdfPageSizes(pdf: Buffer): [number, number][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1]) / MM), Math.round(Number(m[2]) / MM)]);
}

const HOSTILE_NAME = '<script>alert("name")</script> Bibi';
const HOSTILE_ADDRESS = '<img src=x onerror=alert(2)> Street 5';

/** A guest order whose name and address carry markup, placed as the checkout places it. */
async function placeHostileOrder(request: APIRequestContext, product: Product) {
  const sale = product.price - product.discount;
  const reply = await request.post('/api/order/place', {
    data: {
      items: [{ productId: product._id, quantity: 1, price: sale }],
      totalAmount: sale,
      paymentMethod: 'COD',
      shippingAddress: { address: HOSTILE_ADDRESS, city: 'Karachi', province: 'Sindh', postalCode: '74000', country: 'Pakistan' },
      contactNumber: '0321 7654321',
      guestInfo: { name: HOSTILE_NAME, email: newEmail('hostile') },
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).order as { orderNumber: string; totalAmount: number };
}

async function openOrder(page: Page, number: string) {
  await page.goto(`/staff/order/?number=${encodeURIComponent(number)}`);
  await expect(page.getByTestId('order-number')).toContainText(number);
}

test.describe('one order at the desk', () => {
  test('a manager advances it, collects the cash and notes it; the timeline says who; script stays text @widths', async ({ page, catalog, request, mailbox, baseURL }) => {
    const manager = 'Sana Desk';
    await readyMember(page, mailbox, 'manager', manager);
    const product = await productFor(catalog, 64);
    const order = await placeGuestOrder(request, product, 2);
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await openOrder(page, order.orderNumber);

    await expect(page.getByTestId('order-line')).toHaveCount(1);
    await expect(page.getByTestId('order-line')).toContainText(product.name);
    await expect(page.getByTestId('order-line').locator('img')).toHaveAttribute('src', /.+/);
    await expect(page.getByTestId('order-totals')).toContainText(`Rs. ${order.totalAmount.toLocaleString('en-US')}`);
    await expect(page.getByRole('link', { name: /^Call / })).toHaveAttribute('href', 'tel:+923004445555');
    await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/923004445555');
    await expect(page.getByTestId('customer-account')).toHaveText('Guest order (no account)');
    await expect(page.getByTestId('order-address')).toContainText('7 Canal View');
    await expect(page.getByTestId('timeline')).toContainText('The shopper (guest): Placed the order');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Mark Processing' }).click();
    await expect(page.getByTestId('action-done')).toHaveText('Marked Processing.');
    await expect(page.getByTestId('order-number')).toContainText('Processing');
    await expect(page.getByTestId('timeline')).toContainText(`${manager} (staff): Moved it from Pending to Processing`);
    await expect(page.getByRole('button', { name: 'Mark Processing' })).toHaveCount(0);

    await page.getByRole('button', { name: /^Cash collected/ }).click();
    await expect(page.getByTestId('order-paid')).toContainText('collected');
    await expect(page.getByTestId('timeline')).toContainText(`${manager} (staff): Marked the cash collected`);
    await expect(page.getByRole('button', { name: /^Cash collected/ })).toHaveCount(0);

    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)> Ring the bell twice';
    await page.getByLabel('Note (staff only)').fill(hostile);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.locator('.staff-note')).toHaveText(hostile);
    await expect(page.getByLabel('Note (staff only)')).toHaveValue('');
    await expect(page.locator('.staff-order script, .staff-order img[src="x"]')).toHaveCount(0);
    expect(dialogs).toBe(0);

    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.locator('#text-error')).toHaveText('Please write the note.');
    await expect(page.getByLabel('Note (staff only)')).toHaveAttribute('aria-invalid', 'true');
    // Nothing scrolls sideways (the wide report table scrolls in its own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.screenshot({ path: `/tmp/staff-desk-order-${test.info().project.name}.png`, fullPage: true });
  });

  test('a manager cancels with a reason, asked to confirm; the units go back in stock', async ({ page, catalog, request, mailbox, baseURL }) => {
    await readyMember(page, mailbox, 'manager');
    const product = await productFor(catalog, 65);
    const before = await stockOf(request, product._id);
    const order = await placeGuestOrder(request, product, 3);
    expect(await stockOf(request, product._id)).toBe(before - 3);
    await openOrder(page, order.orderNumber);

    await page.getByText('Cancel this order').click();
    await page.getByRole('button', { name: 'Cancel order…' }).click();
    await expect(page.locator('#reason-error')).toHaveText('Please write why the order is cancelled.');
    await page.getByLabel('Reason for cancelling').fill('Shopper asked by phone <b>twice</b>');
    await page.getByRole('button', { name: 'Cancel order…' }).click();
    await expect(page.getByText(`Cancel ${order.orderNumber}? Its items go back in stock`)).toBeVisible();
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(page.getByTestId('order-number')).toContainText('Cancelled');
    await expect(page.getByTestId('timeline')).toContainText('Cancelled it');
    await expect(page.locator('.staff-note').last()).toHaveText('Shopper asked by phone <b>twice</b>');
    await expect(page.getByText('Cancel this order')).toHaveCount(0);
    expect(await stockOf(request, product._id)).toBe(before);
  });

  // How the pages draw what a shopper typed: the same whatever the database.
  test('markup in a name and an address is shown as text on the list, the order and its slip', { tag: '@one-database' }, async ({ page, catalog, request, mailbox }) => {
    await readyMember(page, mailbox, 'packer');
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const order = await placeHostileOrder(request, await productFor(catalog, 68));
    await page.goto('/staff/orders/');
    await expect(page.locator(`[data-number="${order.orderNumber}"]`)).toContainText(HOSTILE_NAME);
    await openOrder(page, order.orderNumber);
    await expect(page.getByTestId('customer-name')).toHaveText(HOSTILE_NAME);
    await expect(page.getByTestId('order-address')).toContainText(HOSTILE_ADDRESS);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('packing-slip')).toContainText(HOSTILE_ADDRESS);
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('.staff-order script, [data-testid="packing-slip"] script, img[src="x"]')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  // The slip's print layout: the same whatever the database.
  test('the packing slip prints alone, on A4 and on an 80 mm roll', { tag: '@one-database' }, async ({ page, catalog, request, mailbox, baseURL }) => {
    await readyMember(page, mailbox, 'packer');
    const product = await productFor(catalog, 66);
    const order = await placeGuestOrder(request, product, 2);
    await openOrder(page, order.orderNumber);
    await expect(page.getByTestId('packing-slip')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print packing slip' })).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    const slip = page.getByTestId('packing-slip');
    await expect(slip).toBeVisible();
    await expect(slip).toContainText('Kiryana');
    await expect(slip).toContainText(order.orderNumber);
    await expect(slip).toContainText('Zainab Qureshi');
    await expect(slip).toContainText('+923004445555');
    await expect(slip).toContainText('7 Canal View');
    await expect(slip).toContainText(product.name);
    await expect(slip).toContainText(`Cash on delivery: Rs. ${order.totalAmount.toLocaleString('en-US')}`);
    await expect(page.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await page.screenshot({ path: `/tmp/staff-desk-slip-a4-print.png`, fullPage: true });
    const a4 = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    await page.getByLabel('80 mm receipt roll').check();
    await page.emulateMedia({ media: 'print' });
    const roll = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.setViewportSize({ width: 280, height: 600 }); // the roll's 80 mm less its margins, to look at
    await page.screenshot({ path: `/tmp/staff-desk-slip-roll-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await writeFile('/tmp/staff-desk-slip-a4.pdf', a4);
    await writeFile('/tmp/staff-desk-slip-roll.pdf', roll);
    expect(pdfPageSizes(a4)).toEqual([[210, 297]]);
    const rollPages = pdfPageSizes(roll);
    expect(rollPages.length).toBeGreaterThanOrEqual(1);
    expect(rollPages.every(([w]) => w === 80)).toBe(true);
  });
});

