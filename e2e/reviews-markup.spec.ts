/**
 * Review text is shown as text, never run: a review holding markup on the live page, and in the
 * product page of a rebuild.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '#site-build/build-site.ts';
import { test, expect } from './fixtures.ts';
import { createAccount, newEmail, signInNewAccount } from './accounts.ts';
import { form, reviewedProduct, REVIEWER, section, writeReview, XSS } from './reviews.ts';

test.describe('reviews on the product page', () => {
  test('a review holding markup shows its characters and runs nothing on the live page', async ({ page, request, mailbox, catalog }) => {
    test.setTimeout(90_000);
    const product = await reviewedProduct(catalog, 2);
    const shopper = await signInNewAccount(page, request, mailbox, 'review-xss', REVIEWER);
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
