/**
 * The stock and price grid against the real API (both databases: the postgres project runs the
 * staff specs again): an editor changes 20 stocks by keyboard alone, saves once, and the 20 product
 * pages show the new stock at once (the shop's live figures, no rebuild); a save that meets another
 * made meanwhile names the product on its row and loses nothing; a bad figure is marked in the
 * importer's words; leaving with unsaved changes asks first; the layout at both widths, axe clean.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect as baseExpect, rs } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { readyMember } from './staff.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const grid = (page: Page) => page.getByRole('grid', { name: 'Stock and prices' });
const row = (page: Page, id: string) => grid(page).locator(`[data-testid="stock-row"][data-id="${id}"]`);
const cell = (scope: Locator, field: 'stock' | 'price' | 'discount') => scope.locator(`[role="gridcell"][data-field="${field}"]`);
const storeOrigin = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** The category with the most products: the grid's filter shows its products alone. */
async function busiestCategory(catalog: { products: () => Promise<{ categoryId: string }[]> }) {
  const counts = new Map<string, number>();
  for (const p of await catalog.products()) counts.set(p.categoryId, (counts.get(p.categoryId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

test.describe('the stock and price grid', () => {
  test('20 stocks changed by keyboard, saved once, live on the 20 product pages at once', async ({ page, catalog, mailbox }) => {
    await readyMember(page, mailbox, 'editor');
    const category = await busiestCategory(catalog);
    await page.goto('/staff/stock/');
    await expect(grid(page)).toBeVisible();
    await page.getByLabel('Category').selectOption(category);
    await page.getByRole('button', { name: 'Show products' }).click();
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
    const rows = grid(page).getByTestId('stock-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(20);
    const ids = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-id')!))).slice(0, 20);

    // New stocks of 1 to 5 (the product page then says "Only N left!"), each unlike the stock now.
    const wanted = new Map<string, number>();
    for (const [i, id] of ids.entries()) {
      const now = Number(await cell(row(page, id), 'stock').innerText());
      const next = (i % 5) + 1;
      wanted.set(id, next === now ? (next % 5) + 1 : next);
    }

    // Into the grid by the keyboard: Tab from the filters' button reaches the grid's one cell in the tab order.
    await page.getByRole('button', { name: 'Show products' }).focus();
    await page.keyboard.press('Tab');
    await expect(cell(row(page, ids[0]), 'stock')).toBeFocused();
    for (const id of ids) {
      // Typing starts an edit with the key (replacing the figure); Enter commits and goes down.
      await page.keyboard.type(String(wanted.get(id)));
      await page.keyboard.press('Enter');
    }
    for (const id of ids) await expect(cell(row(page, id), 'stock')).toHaveAttribute('data-changed', '');
    await expect(page.getByTestId('stock-changes')).toHaveText('20 unsaved changes');

    const saves: string[] = [];
    page.on('request', (r) => r.url().includes('/api/staff/products/bulk') && saves.push(r.postData() ?? ''));
    await page.getByRole('button', { name: 'Save 20 changes' }).click();
    await expect(page.getByTestId('stock-saved')).toHaveText('Saved 20 changes. The shop shows the new stock and prices now.');
    expect(saves).toHaveLength(1);
    const sent = JSON.parse(saves[0]) as { changes: { _id: string; version: number; stock?: number; price?: number }[] };
    expect(sent.changes.map((c) => [c._id, c.stock])).toEqual(ids.map((id) => [id, wanted.get(id)]));
    expect(sent.changes.every((c) => c.price === undefined && Number.isInteger(c.version))).toBe(true);
    await expect(page.getByTestId('stock-changes')).toHaveText('No unsaved changes');
    await expect(grid(page).locator('[data-changed]')).toHaveCount(0);

    // Every product page, loaded now, says the new stock: no rebuild waited for.
    for (const id of ids) {
      await page.goto(`/product/${id}/`);
      await expect(page.locator('main').getByTestId('stock-badge').first()).toHaveText(`Only ${wanted.get(id)} left!`);
    }
  });

  test('a save that meets another made meanwhile names the product on its row and keeps the figures typed', async ({ page, catalog, mailbox }) => {
    await readyMember(page, mailbox, 'editor');
    const busiest = await busiestCategory(catalog);
    const product = (await catalog.products()).find((p) => p.categoryId !== busiest && p.discount === 0 && p.price > 100)!;
    await page.goto('/staff/stock/');
    await page.getByRole('searchbox', { name: 'Find' }).fill(product._id);
    await page.getByRole('button', { name: 'Show products' }).click();
    await expect(grid(page)).toHaveAttribute('aria-busy', 'false');
    await expect(grid(page).getByTestId('stock-row')).toHaveCount(1);
    const mine = row(page, product._id);

    // A bad figure first: marked in the importer's words, and no save until it is put right.
    await cell(mine, 'price').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await expect(cell(mine, 'price')).toHaveAttribute('aria-invalid', 'true');
    await expect(cell(mine, 'price')).toContainText('price must be above 0');
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect(page.getByTestId('stock-error')).toHaveText('Please correct the marked cells first: 1 problem.');
    // Escape on the cell puts the stored price back.
    await cell(mine, 'price').focus();
    await page.keyboard.press('Escape');
    await expect(cell(mine, 'price')).not.toHaveAttribute('data-changed');
    await expect(page.getByTestId('stock-changes')).toHaveText('No unsaved changes');

    // The editor's new price, typed; meanwhile someone else saves the product's stock.
    const price = product.price + 15;
    await page.keyboard.press('F2');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(price));
    await page.keyboard.press('Tab');
    const listed = (await (await page.request.get(`/api/staff/products?q=${product._id}`)).json()).data;
    const version = listed.products[0].version as number;
    const other = await page.request.post('/api/staff/products/bulk', { headers: storeOrigin(page), data: { changes: [{ _id: product._id, version, stock: 77 }] } });
    expect(other.ok(), await other.text()).toBeTruthy();

    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect(page.getByTestId('stock-error')).toHaveText('Nothing was saved: 1 product was changed by someone else since you opened them.');
    await expect(mine.getByTestId('row-note')).toHaveText('Changed by someone else since you opened it: stock is now 77. Your values are kept: save again to replace theirs.');
    await expect(cell(mine, 'stock')).toHaveText('77');
    await expect(cell(mine, 'price')).toContainText(String(price));
    await expect(cell(mine, 'price')).toHaveAttribute('data-changed', '');

    // Saved again, over the figures now stored: the stock sold or set meanwhile stays.
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect(page.getByTestId('stock-saved')).toHaveText('Saved 1 change. The shop shows the new stock and prices now.');
    await expect(mine.getByTestId('row-note')).toHaveCount(0);
    await page.goto(`/product/${product._id}/`);
    await expect(page.locator('main').getByTestId('price').first()).toHaveText(rs(price));
  });

  test('leaving with unsaved changes asks first; Discard drops them', async ({ page, mailbox }) => {
    await readyMember(page, mailbox, 'editor');
    await page.goto('/staff/stock/');
    const first = grid(page).getByTestId('stock-row').first();
    await cell(first, 'discount').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('stock-changes')).toHaveText('1 unsaved change');

    const asked = new Promise<string>((done) =>
      page.once('dialog', (dialog) => {
        done(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.getByRole('link', { name: 'Files' }).click();
    expect(await asked).toBe('beforeunload');
    await expect(page).toHaveURL(/\/staff\/stock\/$/);
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('stock-changes')).toHaveText('No unsaved changes');
    await page.getByRole('link', { name: 'Files' }).click();
    await expect(page).toHaveURL(/\/staff\/catalog-files\/$/);
  });

  test('the grid scrolls in its box with the product column held on a phone, a plain table at a desk; axe clean @widths', async ({ page, mailbox }) => {
    await readyMember(page, mailbox, 'editor');
    await page.goto('/staff/stock/');
    const first = grid(page).getByTestId('stock-row').first();
    await expect(first).toBeVisible();
    // A changed cell and a bad one, as the editor sees them.
    await cell(first, 'stock').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2.5');
    await page.keyboard.press('Enter');
    await expect(cell(first, 'stock')).toContainText('stock must be a whole number');
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');

    const width = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = page.locator('.stock-grid-box');
    const scrolls = await box.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(width < 768);
    const name = first.locator('th');
    await expect(name).toHaveCSS('position', 'sticky');
    if (scrolls) {
      const before = (await name.boundingBox())!.x;
      await box.evaluate((el) => el.scrollBy(200, 0));
      expect((await name.boundingBox())!.x).toBe(before);
    }
    expect(await axeViolations(page)).toEqual([]);
    // The first rows as the editor sees them (the whole page is 50 rows long).
    await box.evaluate((el) => el.scrollTo(0, 0));
    await page.getByTestId('stock-total').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/staff-stock-grid-${test.info().project.name}.png` });
  });
});
