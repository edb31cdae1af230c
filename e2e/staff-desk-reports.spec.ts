/**
 * Sales reports against the real API: a manager's report of today holds the orders just placed,
 * its figures equal the orders the desk lists for the same day (placed, cancelled apart, cash
 * collected), and both CSV downloads carry the rows; axe clean at both widths.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { placeGuestOrder, productFor } from './checkout.ts';
import { readyMember } from './staff.ts';
import { pakistanDay } from '#features/staff/time.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

interface Listed {
  status: string;
  totalAmount: number;
  isPaid: boolean;
}

/** Every order the desk lists for `day`, all pages. */
async function ordersOf(request: APIRequestContext, day: string): Promise<Listed[]> {
  const out: Listed[] = [];
  let after: string | null = null;
  do {
    const reply: APIResponse = await request.get('/api/staff/orders', { params: { from: day, to: day, ...(after ? { after } : {}) } });
    expect(reply.ok(), await reply.text()).toBeTruthy();
    const { data } = (await reply.json()) as { data: { orders: Listed[]; nextCursor: string | null } };
    out.push(...data.orders);
    after = data.nextCursor;
  } while (after);
  return out;
}

test.describe('sales reports', () => {
  test('today’s figures equal the orders placed today; CSV downloads carry the rows @widths', async ({ page, catalog, request, mailbox, baseURL }) => {
    await readyMember(page, mailbox, 'manager');
    const staffRequest = page.context().request;
    const origin = new URL(baseURL!).origin;
    const product = await productFor(catalog, 67);
    const placed = [await placeGuestOrder(request, product, 2), await placeGuestOrder(request, product, 1)];
    const paid = await staffRequest.post(`/api/staff/orders/${placed[0].orderNumber}/cash`, { headers: { Origin: origin } });
    expect(paid.ok(), await paid.text()).toBeTruthy();
    const today = pakistanDay(new Date());

    await page.goto('/staff/reports/');
    await expect(page.getByTestId('sales-table')).toBeVisible();
    await expect(page.getByTestId('sales-table').locator('tbody tr')).toHaveCount(30);
    await expect(page.getByLabel('To (day)')).toHaveValue(today);

    await page.getByLabel('From (day)').fill(today);
    await page.getByRole('button', { name: 'Show report' }).click();
    await expect(page.getByTestId('sales-table').locator('tbody tr')).toHaveCount(1);
    await expect(page.getByTestId('best-sellers')).toContainText(product.name);

    // Other specs place orders meanwhile: the report and the list are compared until they agree.
    await baseExpect(async () => {
      await page.getByRole('button', { name: 'Show report' }).click();
      const listed = await ordersOf(staffRequest, today);
      const live = listed.filter((o) => o.status !== 'Cancelled');
      const revenue = live.reduce((s, o) => s + o.totalAmount, 0);
      const collected = live.filter((o) => o.isPaid).reduce((s, o) => s + o.totalAmount, 0);
      const cells = await page.getByTestId('sales-totals').locator('td').allTextContents();
      baseExpect(cells).toEqual([
        live.length.toLocaleString('en-US'),
        baseExpect.any(String),
        `Rs. ${revenue.toLocaleString('en-US')}`,
        `Rs. ${collected.toLocaleString('en-US')}`,
        `Rs. ${(revenue - collected).toLocaleString('en-US')}`,
      ]);
    }).toPass({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    // Nothing scrolls sideways (the wide report table scrolls in its own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.screenshot({ path: `/tmp/staff-desk-reports-${test.info().project.name}.png`, fullPage: true });

    const sales = page.getByRole('link', { name: 'Download CSV of sales by day' });
    await expect(sales).toHaveAttribute('href', `/api/staff/reports/sales.csv?from=${today}&to=${today}`);
    const [download] = await Promise.all([page.waitForEvent('download'), sales.click()]);
    expect(download.suggestedFilename()).toBe(`kiryana-sales-${today}-${today}.csv`);
    const csv = (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
    const lines = (await csv).trim().split(/\r?\n/);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => l.includes(today))).toBe(true);

    const best = page.getByRole('link', { name: 'Download CSV of best sellers' });
    const [bestDownload] = await Promise.all([page.waitForEvent('download'), best.click()]);
    const bestCsv = await (await import('node:fs/promises')).readFile(await bestDownload.path(), 'utf8');
    expect(bestCsv).toContain(product.name);
  });

  // A range refused before any query: the same whatever the database.
  test('a range the API refuses is said at the field and the report shown stays', { tag: '@one-database' }, async ({ page, mailbox, baseURL }) => {
    await readyMember(page, mailbox, 'owner');
    await page.goto('/staff/reports/');
    await expect(page.getByTestId('sales-table')).toBeVisible();
    await page.getByLabel('From (day)').fill('2024-01-01');
    await page.getByLabel('To (day)').fill('2026-01-01');
    await page.getByRole('button', { name: 'Show report' }).click();
    await expect(page.locator('#to-error')).toHaveText('A report covers at most 366 days.');
    await expect(page.getByLabel('From (day)')).toHaveValue('2024-01-01');
    await expect(page.getByTestId('sales-table').locator('tbody tr')).toHaveCount(30);
  });
});
