/**
 * The catalogue files page against the real API (both databases: the postgres project runs the
 * staff specs again): the catalogue downloads as a CSV the check accepts as it is; a CSV with three
 * bad rows shows the three problems by row and field in the importer's words and changes nothing;
 * fixed, it applies and the shop shows the change; a file over the limit is refused before it is
 * sent; the layout at both widths, axe clean.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { test, expect as baseExpect, rs } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { readyMember } from './staff.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

type Row = Record<string, string>;

/** The catalogue as the page downloads it: the file's name and its rows. */
async function downloadCsv(page: Page): Promise<{ name: string; text: string; rows: Row[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  const text = await readFile((await download.path())!, 'utf8');
  return { name: download.suggestedFilename(), text, rows: parse(text, { columns: true, bom: true }) as Row[] };
}

/**
 * The price a product's page shows a shopper opening it now, in a browser of their own: its HTTP
 * cache holds nothing from an earlier look (live figures may come from a copy a few seconds old,
 * stale-while-revalidate).
 */
async function shopPrice(browser: Browser, id: string): Promise<Locator> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  // The page shows the build's price first, then the live one: the live answer is waited for.
  const live = page.waitForResponse((r) => r.url().includes('/api/products/live'));
  await page.goto(`/product/${id}/`);
  await live;
  return page.locator('main').getByTestId('price').first();
}

const csvOf = (rows: Row[]) => stringify(rows, { header: true, columns: Object.keys(rows[0]) });

async function choose(page: Page, name: string, text: string) {
  await page.getByLabel(/Catalogue file/).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test.describe('catalogue files', () => {
  test('a CSV with three bad rows shows the three problems and changes nothing; fixed, it applies and the shop shows it', async ({ page, mailbox, catalog, browser }) => {
    await readyMember(page, mailbox, 'editor');
    await page.goto('/staff/catalog-files/');
    const { rows } = await downloadCsv(page);
    // Six products of the catalogue (rows 2 to 7 of the file): one with a new price, three made wrong.
    // Not of the category the grid's spec changes stocks in (its busiest), which may run meanwhile.
    const counts = new Map<string, number>();
    for (const p of await catalog.products()) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
    const busiest = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    const six = rows.filter((r) => r.category !== busiest && Number(r.discount) === 0 && Number(r.price) > 100).slice(-6);
    const target = six[0];
    const price = Number(target.price) + 25;
    const good: Row[] = six.map((r) => ({ ...r }));
    good[0].price = String(price);
    const bad = good.map((r) => ({ ...r }));
    bad[1].price = '0';
    bad[3].stock = '-2';
    bad[5].category = 'Nowhere';

    await choose(page, 'prices.csv', csvOf(bad));
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('files-problem-count')).toHaveText('3 problems in 3 rows. Nothing was changed: fix the file and check it again.');
    const problems = page.getByTestId('files-problem-row');
    await expect(problems).toHaveCount(3);
    const said = [
      [`Row 3 (${bad[1]._id})`, 'price must be above 0'],
      [`Row 5 (${bad[3]._id})`, 'stock must be at least 0'],
      [`Row 7 (${bad[5]._id})`, "category unknown category 'Nowhere'"],
    ];
    for (const [i, [where, what]] of said.entries()) {
      await expect(problems.nth(i).getByRole('heading')).toHaveText(where);
      await expect(problems.nth(i).getByRole('listitem')).toHaveText(what);
    }
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/staff-catalog-files-problems-${test.info().project.name}.png`, fullPage: true });

    // Nothing changed: the good row's new price is not in the shop.
    await expect(await shopPrice(browser, target._id)).toHaveText(rs(Number(target.price)));

    // Fixed: the check is clean and says what applying would change; Apply writes it.
    await choose(page, 'prices-fixed.csv', csvOf(good));
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('files-summary')).toContainText('The file is clean. Applying it would make 1 product changed');
    await expect(page.getByTestId('files-changes')).toContainText(`Changed: ${target._id} (price`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('files-applied')).toContainText('Applied: 1 product changed');
    await expect(await shopPrice(browser, target._id)).toHaveText(rs(price));
  });

  test('the download is a CSV the check accepts as it is', async ({ page, mailbox }) => {
    await readyMember(page, mailbox, 'editor');
    await page.goto('/staff/catalog-files/');
    const { name, text, rows } = await downloadCsv(page);
    expect(name).toMatch(/^kiryana-catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows.length).toBeGreaterThan(20);
    await choose(page, name, text);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('files-clean')).toBeVisible();
    await expect(page.getByTestId('files-problems')).toHaveCount(0);
  });

  test("a file over the limit, or not a catalogue, is refused in words before it is sent; a dropped file with a bad header gets the importer's words; axe clean @widths", async ({ page, mailbox }) => {
    await readyMember(page, mailbox, 'editor');
    await page.goto('/staff/catalog-files/');
    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/api/staff/catalog/') && sent.push(r.url()));
    await choose(page, 'huge.csv', 'x'.repeat(16 * 1024 * 1024 + 1));
    await expect(page.getByTestId('files-error')).toHaveText(
      'This file is 16.0 MB; the store takes catalogue files of at most 16 MB. Split it, or import it with npm run catalog while the store is stopped.',
    );
    await expect(page.getByRole('button', { name: 'Check' })).toBeDisabled();
    await page.getByLabel(/Catalogue file/).setInputFiles({ name: 'prices.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await expect(page.getByTestId('files-error')).toHaveText('Please choose a CSV or JSON catalogue file (its name ends in .csv or .json).');
    expect(sent).toEqual([]);

    // Dropped on the box, a file is chosen as from the picker; a header the importer does not know is said in its words.
    await page.getByTestId('files-drop').evaluate((box) => {
      const data = new DataTransfer();
      data.items.add(new File(['_id,name,pric\nrice,Rice,100\n'], 'dropped.csv', { type: 'text/csv' }));
      box.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByTestId('files-error')).toBeEmpty();
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByTestId('files-error')).toContainText('Row 1 (the header) has 1 column this importer does not know: "pric".');
    await expect(page.getByTestId('files-error').getByRole('listitem').filter({ hasText: 'No row was checked: fix the header row first.' })).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/staff-catalog-files-${test.info().project.name}.png`, fullPage: true });
  });
});
