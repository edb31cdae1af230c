/**
 * Reviews posted, against the real store: one posted on the page shows in the list, the breakdown,
 * the counts and the headline under the name without a reload, and a second replaces it; one posted
 * elsewhere shows once the section is in view, without a rebuild.
 */
import { test, expect } from './fixtures.ts';
import { createAccount, newEmail, signInNewAccount } from './accounts.ts';
import { expectFigures, form, reviewedProduct, REVIEWER, reviewPosts, section, starRadio, writeReview } from './reviews.ts';

test.describe('reviews on the product page', () => {
  test('a review posted shows in the list, the breakdown, the counts and the headline without a reload; a second one replaces it', async ({
    page,
    request,
    mailbox,
    catalog,
  }) => {
    test.setTimeout(90_000);
    const before = await reviewedProduct(catalog, 1);
    const shopper = await signInNewAccount(page, request, mailbox, 'review-post', REVIEWER);
    const posts = reviewPosts(page);
    // The lookup of the shopper's own review, which the section starts when it wakes, is answered
    // (with "none yet") only after the first post: a late answer must not hide the review just posted.
    let firstPosted!: () => void;
    const afterFirstPost = new Promise<void>((resolve) => (firstPosted = resolve));
    await page.route(
      (url) => /\/api\/users\/[^/]+\/review$/.test(url.pathname) && url.searchParams.has('productId'),
      async (route) => {
        const response = await route.fetch();
        await afterFirstPost;
        await route.fulfill({ response });
      },
    );
    await page.goto(`/product/${before._id}/`);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await expectFigures(page, before);

    await writeReview(page, 2, 'Arrived well packed.\nTasted fine, a little pricey.');
    await expect(form(page).getByRole('status')).toHaveText('Review submitted!');
    firstPosted();
    await expect(form(page).getByLabel('Your review')).toHaveValue('');
    await expect(form(page).getByRole('radio', { checked: true })).toHaveCount(0);
    expect(posts).toHaveLength(1);
    expect(posts[0].headers().authorization).toBe(`Bearer ${shopper.token}`);

    const first = await catalog.product(before._id);
    expect(first.numRatings).toBe(before.numRatings + 1);
    expect(first.ratingsByStar['2']).toBe(before.ratingsByStar['2'] + 1);
    expect(first.numWrittenReviews).toBe(before.numWrittenReviews + 1);
    await expectFigures(page, first);
    const mine = section(page).getByTestId('review').filter({ hasText: shopper.name });
    await expect(mine).toHaveCount(1);
    await expect(section(page).getByTestId('review').first()).toContainText(shopper.name);
    await expect(mine.getByTestId('review-comment')).toHaveText('Arrived well packed.\nTasted fine, a little pricey.');
    await expect(mine.getByRole('img', { name: 'Rated 2.0 out of 5' })).toBeVisible();
    await expect(section(page).getByTestId('review')).toHaveCount(first.reviews.length);
    await expect(form(page).getByTestId('own-review-note')).toContainText('(2 stars). Posting again replaces that review.');

    // The second review replaces the first: its stars move from 2 to 5, the counts stay. Two
    // clicks in a row (the second before the button can show it is busy) send it once.
    await starRadio(page, 5).locator('xpath=..').click();
    await form(page).getByLabel('Your review').fill('Second try: the new batch is much better.');
    await form(page).getByRole('button', { name: 'Submit Review' }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(form(page).getByRole('status')).toHaveText('Review submitted!');
    await expect(mine.getByTestId('review-comment')).toHaveText('Second try: the new batch is much better.');
    await expect(mine).toHaveCount(1);
    await expect(section(page).getByText('Arrived well packed.', { exact: false })).toHaveCount(0);
    const second = await catalog.product(before._id);
    expect(second.numRatings).toBe(first.numRatings);
    expect(second.numWrittenReviews).toBe(first.numWrittenReviews);
    expect(second.ratingsByStar['2']).toBe(before.ratingsByStar['2']);
    expect(second.ratingsByStar['5']).toBe(before.ratingsByStar['5'] + 1);
    await expectFigures(page, second);
    expect(posts).toHaveLength(2);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    // Back later: once the section wakes, it says the shopper reviewed this product already.
    await page.reload();
    await form(page).getByLabel('Your review').focus();
    await expect(form(page).getByTestId('own-review-note')).toContainText('(5 stars). Posting again replaces that review.');
  });

  test('a review posted elsewhere shows once the section is in view, without a rebuild; a page never scrolled there asks nothing', async ({ page, request, mailbox, catalog }) => {
    test.setTimeout(90_000);
    const before = await reviewedProduct(catalog, 0); // the slot whose other tests post nothing and read no figures
    const reads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/products/${before._id}/related`) reads.push(r.url());
    });
    // Another shopper reviews the product through the API: the built page does not hold it.
    const email = newEmail('review-elsewhere');
    const token = await createAccount(request, mailbox, email, 'Hina Elsewhere');
    const me = (await (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).json()).data;
    const posted = await request.post(`/api/users/${me.id}/review`, { headers: { Authorization: `Bearer ${token}` }, data: { productId: before._id, rating: 1, comment: 'Posted from another device.' } });
    expect(posted.status()).toBe(201);
    const now = await catalog.product(before._id);

    await page.goto(`/product/${before._id}/`);
    // The page has fetched all it fetches on its own; the section is not in view yet: nothing asked.
    await page.waitForLoadState('networkidle');
    expect(reads).toEqual([]);
    await section(page).scrollIntoViewIfNeeded();
    const theirs = section(page).getByTestId('review').filter({ hasText: 'Hina Elsewhere' });
    await expect(theirs.getByTestId('review-comment')).toHaveText('Posted from another device.');
    await expectFigures(page, now);
    expect(reads).toHaveLength(1);

    // A reload paints the build's section first, then the same truth once in view.
    await page.reload();
    await section(page).scrollIntoViewIfNeeded();
    await expect(theirs).toHaveCount(1);
    await expectFigures(page, now);
  });
});
