/**
 * Reviews on the product page, against the real store: the form's rules, a review
 * posted and shown without a reload (list, breakdown, counts and the headline under the name),
 * a second review replacing the first, review text shown as text on the live page and after a
 * rebuild, and axe-core on the form in its idle, error and success states.
 */
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { ratingHeadline, type Star } from '#lib/ratings.ts';
import type { Product, ProductDetail } from '#lib/schemas/catalog.ts';
import { REVIEW_MESSAGES } from '#lib/schemas/reviews.ts';
import { MIN_RATINGS_TO_RANK } from '#features/catalog/selections.ts';
import { NETWORK_FAILURE } from '#features/reviews/rules.ts';
import { buildSite } from '#site-build/build-site.ts';
import { test, expect, type CatalogFixture } from './fixtures.ts';
import type { Mailbox } from './mail.ts';
import { axeViolations } from './axe.ts';
import { createAccount, newEmail, useSession } from './accounts.ts';

const XSS = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';

/**
 * The products this spec reviews, decided once a run. Out of stock, so a review never moves one
 * into or out of another product's 'You might also like' (in-stock products come first); oldest
 * first, since other specs take the newest product that matches; at least 100 ratings, so a review
 * moves its average by hundredths; and not the best rated (home.spec's Popular Products).
 * The choice reads ratings, which this spec's own reviews move: made afresh by each test, a product
 * near the cut could enter or leave the list mid-run and two tests (or the phone's and the
 * desktop's run of one) would review the same product. So the first test to ask writes the list to
 * .cache/e2e (emptied when the e2e store starts), before any review is posted, and every test of
 * the run reads that list (linked into place: whole or not at all).
 */
const CANDIDATES_FILE = join(fileURLToPath(new URL('../.cache/e2e', import.meta.url)), 'review-candidates.json');

async function candidateIds(catalog: CatalogFixture): Promise<string[]> {
  const stored = async () => JSON.parse(await readFile(CANDIDATES_FILE, 'utf8')) as string[];
  try {
    return await stored();
  } catch {
    // Not written yet this run.
  }
  const products = await catalog.products();
  const top = Math.max(...products.filter((p) => p.numRatings >= MIN_RATINGS_TO_RANK).map((p) => p.rating));
  const ids = products
    .filter((p) => p.stock <= 0 && p.numRatings >= 100 && p.rating < top - 0.1)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
    .map((p) => p._id);
  const draft = `${CANDIDATES_FILE}.${process.pid}.${Date.now()}`;
  await writeFile(draft, JSON.stringify(ids));
  try {
    await link(draft, CANDIDATES_FILE);
    return ids;
  } catch {
    return stored(); // another worker's list came first: everyone uses that one
  } finally {
    await rm(draft, { force: true });
  }
}

/** The product test `slot` reviews, one per slot and project. */
async function reviewedProduct(catalog: CatalogFixture, slot: number): Promise<ProductDetail> {
  const candidates = await candidateIds(catalog);
  const pick = candidates[slot * 2 + (test.info().project.name === 'desktop' ? 1 : 0)];
  if (!pick) throw new Error(`No product to review for slot ${slot} (${candidates.length} candidates)`);
  return catalog.product(pick);
}

interface Shopper {
  token: string;
  name: string;
  email: string;
}

/** A verified account, signed in on `page` before it loads. */
async function signedInShopper(page: Page, request: APIRequestContext, mailbox: Mailbox, label: string): Promise<Shopper> {
  const email = newEmail(label);
  const name = 'Sana Review';
  const token = await createAccount(request, mailbox, email, name);
  await useSession(page, token, { name, email, phone: '03219876543' });
  return { token, name, email };
}

/** Every POST to a review path the page sends. */
function reviewPosts(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/users\/[^/]+\/review$/.test(new URL(r.url()).pathname)) seen.push(r);
  });
  return seen;
}

const section = (page: Page) => page.getByTestId('reviews');
const form = (page: Page) => page.getByTestId('review-form');

const starRadio = (page: Page, stars: number) => form(page).getByRole('radio', { name: stars === 1 ? '1 star' : `${stars} stars`, exact: true });

/** Picks `stars` (a click on the star: its radio is visually hidden inside it), types `comment` and submits. */
async function writeReview(page: Page, stars: number, comment: string): Promise<void> {
  await starRadio(page, stars).locator('xpath=..').click();
  await expect(starRadio(page, stars)).toBeChecked();
  await form(page).getByLabel('Your review').fill(comment);
  await form(page).getByRole('button', { name: 'Submit Review' }).click();
}

/** What the section and the headline must show for `product`'s figures. */
async function expectFigures(page: Page, product: Pick<Product, 'rating' | 'numRatings' | 'ratingsByStar' | 'numWrittenReviews'>): Promise<void> {
  const counts = section(page).getByTestId('star-count');
  for (const [i, star] of ([5, 4, 3, 2, 1] as Star[]).entries()) {
    const n = product.ratingsByStar[star];
    await expect(counts.nth(i)).toHaveText(`${n.toLocaleString('en-US')} ${n === 1 ? 'rating' : 'ratings'}`);
  }
  await expect(section(page).getByTestId('ratings-count')).toHaveText(`${product.numRatings.toLocaleString('en-US')} ratings`);
  await expect(section(page).getByTestId('average-rating')).toHaveText(product.rating.toFixed(1));
  const headline = ratingHeadline(product);
  await expect(page.getByTestId('rating-headline')).toHaveText(`${headline.ratings} · ${headline.reviews}`);
  await expect(page.locator('[data-headline-stars] [role="img"]')).toHaveAttribute('aria-label', `Rated ${product.rating.toFixed(1)} out of 5`);
}

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
    await signedInShopper(page, request, mailbox, 'review-rules');
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

  test('a review posted shows in the list, the breakdown, the counts and the headline without a reload; a second one replaces it', async ({
    page,
    request,
    mailbox,
    catalog,
  }) => {
    test.setTimeout(90_000);
    const before = await reviewedProduct(catalog, 1);
    const shopper = await signedInShopper(page, request, mailbox, 'review-post');
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
    await page.waitForTimeout(1000);
    expect(reads).toEqual([]); // the section is not in view yet: nothing asked
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

  test('a review holding markup shows its characters and runs nothing on the live page', async ({ page, request, mailbox, catalog }) => {
    test.setTimeout(90_000);
    const product = await reviewedProduct(catalog, 2);
    const shopper = await signedInShopper(page, request, mailbox, 'review-xss');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`/product/${product._id}/`);
    await writeReview(page, 3, XSS);
    await expect(form(page).getByRole('status')).toHaveText('Review submitted!');
    const mine = section(page).getByTestId('review').filter({ hasText: shopper.name });
    await expect(mine.getByTestId('review-comment')).toHaveText(XSS);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(section(page).locator('img, script')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('a failure is shown plainly: no network says so in the shopper\'s words, and the form keeps what was typed', async ({ page, request, mailbox, catalog }) => {
    const product = await reviewedProduct(catalog, 0);
    await signedInShopper(page, request, mailbox, 'review-offline');
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
    await signedInShopper(page, request, mailbox, 'review-a11y');
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

  /*
   * After a rebuild: the site is built again from the running store's API, through the same
   * build as `npm run build` (buildSite: astro build into a fresh folder), and the product page
   * of that build is served to Chromium in place of the one built at start. One project only:
   * the built HTML does not depend on the viewport, and a second full build would only double
   * the minute it takes.
   */
  test('a review holding markup shows its characters and runs nothing after a rebuild', { tag: '@phone-only' }, async ({ page, request, mailbox, catalog, baseURL }) => {
    test.setTimeout(420_000);
    const product = await reviewedProduct(catalog, 4);
    const email = newEmail('review-rebuild');
    const token = await createAccount(request, mailbox, email, 'Rebuild Reviewer');
    const me = await (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
    const posted = await request.post(`/api/users/${encodeURIComponent(me.data.id)}/review`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { productId: product._id, rating: 3, comment: XSS, userName: 'Rebuild Reviewer' },
    });
    expect(posted.ok(), await posted.text()).toBeTruthy();

    const root = fileURLToPath(new URL(`../.cache/e2e-rebuild/${test.info().project.name}`, import.meta.url));
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    const dist = join(root, 'dist');
    await buildSite({ apiUrl: baseURL!, distDir: dist, log: () => {}, env: { SITE_URL: baseURL! } });
    const html = await readFile(join(dist, 'product', product._id, 'index.html'), 'utf8');
    // The comment is in the page as escaped text (twice: the rendered review and the island's props), never as a tag.
    expect(html).not.toContain(XSS);
    expect(html).not.toMatch(/<img src=x/);
    expect(html).not.toContain('<script>window.__xss');

    // Chromium gets the rebuilt page and its scripts; the API stays the live one.
    await page.route(
      (url) => url.pathname === `/product/${product._id}/` || url.pathname.startsWith('/_astro/'),
      async (route) => {
        const path = new URL(route.request().url()).pathname;
        const file = path.endsWith('/') ? join(dist, path, 'index.html') : join(dist, path);
        const type = file.endsWith('.html') ? 'text/html' : file.endsWith('.css') ? 'text/css' : 'text/javascript';
        await route.fulfill({ body: await readFile(file), contentType: type });
      },
    );
    await page.goto(`/product/${product._id}/`);
    const review = section(page).getByTestId('review').filter({ hasText: 'Rebuild Reviewer' });
    await expect(review.getByTestId('review-comment')).toHaveText(XSS);
    // Hydrate the island: the same text, still nothing run.
    await form(page).getByLabel('Your review').focus();
    await expect(section(page)).toHaveAttribute('data-ready', '');
    await expect(review.getByTestId('review-comment')).toHaveText(XSS);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(section(page).locator('img, script')).toHaveCount(0);
    await rm(root, { recursive: true, force: true });
  });
});
