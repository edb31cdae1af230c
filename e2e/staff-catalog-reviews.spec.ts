/**
 * Review moderation against the real store: an editor finds a shopper's review, is asked for a
 * reason, hides it; the review leaves the product page and the rating there changes (the page's
 * live read, then the rebuilt page), and showing it again puts it back. The reason is text.
 */
import { expectFigures, section } from './reviews.ts';
import { createUser, newEmail } from './accounts.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { readyMember } from './staff.ts';
import type { CatalogFixture } from './fixtures.ts';

/**
 * A product of its own for this spec, one a project: out of stock (a review never moves it among
 * another page's related products, which list in-stock ones first) and with 20 to 99 ratings, so
 * the review specs' products (100 or more) are never this one.
 */
async function moderatedProduct(catalog: CatalogFixture) {
  const products = (await catalog.products())
    .filter((p) => p.stock <= 0 && p.numRatings >= 20 && p.numRatings < 100)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
  const pick = products[test.info().project.name === 'desktop' ? 1 : 0];
  if (!pick) throw new Error(`No product for the moderation spec (${products.length} found)`);
  return catalog.product(pick._id);
}

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test('an editor hides a review with a reason: it leaves the product page and the rating follows; shown again it is back @widths', async ({ page, request, mailbox, catalog }) => {
  const product = await moderatedProduct(catalog);
  const comment = `Rude words ${Date.now().toString(36)}`;
  const shopper = await createUser(request, mailbox, newEmail('hidden-review'), 'Rude Reviewer');
  const posted = await request.post(`/api/users/${shopper.user.id}/review`, { headers: { Authorization: `Bearer ${shopper.token}` }, data: { productId: product._id, rating: 1, comment } });
  expect(posted.ok(), await posted.text()).toBeTruthy();
  const withReview = await catalog.product(product._id);

  await readyMember(page, mailbox, 'editor', 'Eman Editor');
  await page.goto('/staff/reviews/');
  await page.getByLabel('Product id').fill(product._id);
  await page.getByRole('button', { name: 'Show reviews' }).click();
  const row = page.getByTestId('review-row').filter({ hasText: comment });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Rude Reviewer');
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('button', { name: 'Hide the review by Rude Reviewer' }).click();
  await row.getByRole('button', { name: 'Hide review' }).click();
  await expect(row.getByText('Please write why the review is hidden.')).toBeVisible();
  await row.getByLabel('Why hide it?').fill('Abusive <b>language</b>');
  await row.getByRole('button', { name: 'Hide review' }).click();
  await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(row).toContainText('by Eman Editor: Abusive <b>language</b>');
  await expect(page.getByTestId('form-success')).toContainText('The review is hidden');
  expect(await axeViolations(page)).toEqual([]);

  const hidden = await catalog.product(product._id);
  expect(hidden.numRatings).toBe(withReview.numRatings - 1);
  expect(hidden.ratingsByStar['1']).toBe(withReview.ratingsByStar['1'] - 1);
  expect(hidden.reviews.map((r) => r.comment)).not.toContain(comment);

  // The product page: the review is gone and the figures are the product's now, within 10 s.
  await expect(async () => {
    await page.goto(`/product/${product._id}/`);
    await section(page).scrollIntoViewIfNeeded();
    await expect(section(page).getByText(comment)).toHaveCount(0, { timeout: 2_000 });
    await expectFigures(page, hidden);
  }).toPass({ timeout: 10_000 });

  await page.goto('/staff/reviews/');
  await page.getByLabel('Product id').fill(product._id);
  await page.getByLabel('Shown or hidden').selectOption('hidden');
  await page.getByRole('button', { name: 'Show reviews' }).click();
  await page.getByTestId('review-row').filter({ hasText: comment }).getByRole('button', { name: 'Show again' }).click();
  await expect(page.getByTestId('form-success')).toContainText('The review is shown again');
  const back = await catalog.product(product._id);
  expect(back.numRatings).toBe(withReview.numRatings);
  await expect(async () => {
    await page.goto(`/product/${product._id}/`);
    await section(page).scrollIntoViewIfNeeded();
    await expect(section(page).getByText(comment)).toHaveCount(1, { timeout: 2_000 });
    await expectFigures(page, back);
  }).toPass({ timeout: 10_000 });
});
