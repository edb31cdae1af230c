/**
 * Names that make addresses and pictures that pages name, and a rebuild that fails, as an editor
 * meets them against the real API: a catalogue file with a category "Fruit/Veg" (which once
 * stopped every build) and a script for a picture is refused row by row in words, and changes
 * nothing; while the store's last rebuild of the pages has failed (its record beside the site,
 * src/site-build/build-failure.ts, as the site keeper writes it), the catalogue pages say the
 * shop's pages are not up to date and why, and stop saying so once it is gone.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { recordFailure } from '#site-build/build-failure.ts';
import { test, expect as baseExpect, currentStore } from './fixtures.ts';
import { readyMember } from './staff.ts';
import { storeDir } from './stores.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test.describe('names, pictures and a failing rebuild', () => {
  test('a file naming a category "Fruit/Veg" and a script for a picture is refused in words, row by row @widths', async ({ page, mailbox, catalog }) => {
    await readyMember(page, mailbox, 'editor');
    await page.goto('/staff/catalog-files/');
    const [some] = await catalog.products();
    const file = {
      categories: [{ _id: 'fruit-veg', name: 'Fruit/Veg' }, { _id: 'climb', name: 'a/../../tmp/x' }],
      products: [{ _id: some._id, name: some.name, category: some.category, price: some.price, images: ['javascript:alert(1)', '//evil.example/x.webp'] }],
    };
    await page.getByLabel(/Catalogue file/).setInputFiles({ name: 'fruit.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await page.getByRole('button', { name: 'Check' }).click();
    const problems = page.getByTestId('files-problems');
    await expect(page.getByTestId('files-problem-count')).toContainText('Nothing was changed');
    await expect(page.getByTestId('files-problem-count')).toHaveText('3 problems in 3 rows. Nothing was changed: fix the file and check it again.');
    const rows = page.getByTestId('files-problem-row');
    await expect(rows.nth(0).getByRole('heading')).toHaveText('Category 1 (fruit-veg)');
    await expect(rows.nth(0)).toContainText('name must not contain a slash (/ or \\), ? or #: it is part of the category page’s address');
    await expect(rows.nth(1).getByRole('heading')).toHaveText('Category 2 (climb)');
    await expect(rows.nth(2).getByRole('heading')).toHaveText(`Row 1 (${some._id})`);
    await expect(problems).toContainText("images 'javascript:alert(1)' is not a picture of the store (/images/…) or an https:// address");
    await expect(page.getByRole('button', { name: 'Apply' })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/h2-files-names-${test.info().project.name}.png`, fullPage: true });
    expect((await (await page.request.get('/api/category')).json()).data.map((c: { name: string }) => c.name)).not.toContain('Fruit/Veg');
  });

  test('while the last rebuild has failed the catalogue pages say the shop is not up to date, and why @widths', async ({ page, mailbox }) => {
    await readyMember(page, mailbox, 'editor');
    const distDir = join(storeDir(currentStore()), 'dist');
    const since = new Date(Date.now() - 60_000).toISOString();
    // The store's keeper clears the record when a round succeeds, and the other staff specs change
    // this store's catalogue meanwhile: each page is opened on a record written just before it,
    // again should a round have cleared it in between.
    const failed = () => recordFailure(distDir, { since, tries: 2, reason: 'Could not read the catalogue from the store', nextTry: new Date(Date.now() + 10_000).toISOString() });
    const openFailing = (path: string) =>
      baseExpect(async () => {
        await failed();
        await page.goto(path);
        await baseExpect(page.getByTestId('site-failing')).toContainText('The shop’s pages are not up to date', { timeout: 5_000 });
      }).toPass({ timeout: 45_000 });
    try {
      await openFailing('/staff/products/');
      const notice = page.getByTestId('site-failing');
      await expect(notice).toContainText('(2 tries)');
      await expect(notice).toContainText('What went wrong: Could not read the catalogue from the store');
      await expect(notice).toContainText('The store tries again by itself at');
      await page.screenshot({ path: `/tmp/h2-site-failing-${test.info().project.name}.png` });
      await openFailing('/staff/catalog-files/');
    } finally {
      await rm(join(storeDir(currentStore()), '.dist.failing.json'), { force: true });
    }
    await page.goto('/staff/products/');
    await expect(page.getByTestId('new-product')).toBeVisible();
    await expect(page.getByTestId('site-failing')).toHaveCount(0);
  });
});
