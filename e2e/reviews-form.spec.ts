/**
 * The review form on the product page, against the real store: signed out it sends to sign in;
 * its rules beside the fields and in an alert, with the stars a keyboard radio group; a network
 * failure in the shopper's words, keeping what was typed; and axe-core on the form idle, showing
 * its messages and after a review.
 */
import { REVIEW_MESSAGES } from '#lib/schemas/reviews.ts';
import { NETWORK_FAILURE } from '#features/reviews/rules.ts';
import { test, expect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { signInNewAccount } from './accounts.ts';
import { form, reviewedProduct, REVIEWER, reviewPosts, section, writeReview } from './reviews.ts';

test.describe('reviews on the product page', () => {
  test('signed out, Submit Review goes to sign in and posts nothing', async ({ page, catalog }) => {
    const product = await reviewedProduct(catalog, 0);
    const posts = reviewPosts(page);
    await page.goto(`/product/${product._id}/`);
    await expect(form(page).getByText('to post a review', { exact: false })).toBeVisible();
    await writeReview(page, 4, 'Lovely, would buy again.');
    await expect(page).toHaveURL(/\/signin\/$/);
    expect(posts).toHaveLength(0);
  });

  test('asks for stars and a comment beside the fields and in an alert, sends nothing; the stars are a keyboard radio group', async ({ page, request, mailbox, catalog }) => {
    const product = await reviewedProduct(catalog, 0);
    await signInNewAccount(page, request, mailbox, 'review-rules', REVIEWER);
    const posts = reviewPosts(page);
    await page.goto(`/product/${product._id}/`);
    const submit = form(page).getByRole('button', { name: 'Submit Review' });
    await submit.click();
    const alert = form(page).getByRole('alert');
    await expect(alert).toContainText('Please check your review:');
    await expect(alert.getByRole('listitem')).toHaveText([REVIEW_MESSAGES.rating, REVIEW_MESSAGES.commentRequired]);
    const group = form(page).getByRole('group', { name: 'Your rating' });
    await expect(group.locator('#review-rating-error')).toHaveText(REVIEW_MESSAGES.rating);
    const oneStar = group.getByRole('radio', { name: '1 star', exact: true });
    await expect(oneStar).toHaveAccessibleDescription(REVIEW_MESSAGES.rating);
    const comment = form(page).getByLabel('Your review');
    await expect(comment).toHaveAttribute('aria-invalid', 'true');
    await expect(comment).toHaveAccessibleDescription(new RegExp(REVIEW_MESSAGES.commentRequired.replace('.', '\\.')));

    // The keyboard: the arrows move along the stars, and the focused star is outlined.
    await oneStar.focus();
    await page.keyboard.press('Space');
    // Stars chosen: their message goes at once, before any submit; the comment's stays.
    await expect(group.locator('#review-rating-error')).toHaveCount(0);
    await expect(alert.getByRole('listitem')).toHaveText([REVIEW_MESSAGES.commentRequired]);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(form(page).getByTestId('rating-choice')).toHaveText('4 of 5 stars: Very good');
    const outline = await group.locator('label[data-star="4"]').evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe('solid');

    // Spaces only are no comment; the stars' message is gone once stars are chosen.
    await comment.fill('   ');
    await submit.click();
    await expect(alert.getByRole('listitem')).toHaveText([REVIEW_MESSAGES.commentRequired]);
    await expect(group.locator('#review-rating-error')).toHaveCount(0);
    expect(posts).toHaveLength(0);

    // A comment typed: its message, its red border and the alert go, with nothing sent.
    await comment.fill('Fresh and well packed.');
    await expect(form(page).locator('#review-comment-error')).toHaveCount(0);
    await expect(comment).not.toHaveAttribute('aria-invalid', 'true');
    await expect(alert).toHaveText('');
    expect(posts).toHaveLength(0);
  });

  test('a failure is shown plainly: no network says so in the shopper\'s words, and the form keeps what was typed', async ({ page, request, mailbox, catalog }) => {
    const product = await reviewedProduct(catalog, 0);
    await signInNewAccount(page, request, mailbox, 'review-offline', REVIEWER);
    await page.goto(`/product/${product._id}/`);
    await page.route(/\/api\/users\/[^/]+\/review$/, (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()));
    await writeReview(page, 4, 'Good value.');
    await expect(form(page).getByRole('alert')).toHaveText(NETWORK_FAILURE);
    await expect(form(page).getByLabel('Your review')).toHaveValue('Good value.');
    await expect(form(page).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(form(page).getByRole('status')).toHaveText('');
  });

  test('axe-core: 0 violations with the form idle, showing its messages, and after a review', async ({ page, request, mailbox, catalog }) => {
    test.setTimeout(120_000);
    const product = await reviewedProduct(catalog, 3);
    await signInNewAccount(page, request, mailbox, 'review-a11y', REVIEWER);
    await page.goto(`/product/${product._id}/`);
    const found: string[] = [];
    await form(page).getByLabel('Your review').focus();
    await expect(section(page)).toHaveAttribute('data-ready', '');
    found.push(...(await axeViolations(page)).map((v) => `idle: ${v}`));
    await form(page).getByRole('button', { name: 'Submit Review' }).click();
    await expect(form(page).getByRole('alert')).toContainText(REVIEW_MESSAGES.rating);
    found.push(...(await axeViolations(page)).map((v) => `errors: ${v}`));
    await writeReview(page, 4, 'Exactly as described.');
    await expect(form(page).getByRole('status')).toHaveText('Review submitted!');
    await expect(form(page).getByTestId('own-review-note')).toBeVisible();
    found.push(...(await axeViolations(page)).map((v) => `success: ${v}`));
    expect(found).toEqual([]);
  });
});
