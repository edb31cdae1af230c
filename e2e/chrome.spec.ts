import { test, expect } from './fixtures.ts';

test.describe('header, footer and pages', () => {
  test('text pages have real content with the header and footer', async ({ page }) => {
    for (const [path, heading] of [['/about/', /About/], ['/faq/', /Questions|FAQ/i], ['/privacy-policy/', /Privacy/]] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect((await page.locator('article').innerText()).split(/\s+/).length).toBeGreaterThan(200);
      await expect(page.locator('[data-site-header]')).toBeVisible();
      await expect(page.locator('[data-site-footer]')).toBeVisible();
      await expect(page.getByText('© 2024 Kiryana')).toBeVisible();
    }
  });

  test('an unknown route shows Unexpected Application Error! with status 404', async ({ page }) => {
    const reply = await page.goto('/no/such/page');
    expect(reply?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  });

  test('header and footer are hidden on the cart page', async ({ page }) => {
    await page.goto('/cart/');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.locator('[data-site-header]')).toHaveCount(0);
    await expect(page.locator('[data-site-footer]')).toHaveCount(0);
    await expect(page.locator('[data-bottom-bar]')).toHaveCount(0);
  });

  test('phones get the bottom bar and collapsible footer groups, one open at a time', async ({ page }) => {
    await page.goto('/');
    const phone = (page.viewportSize()?.width ?? 0) < 768;
    await expect(page.locator('[data-bottom-bar]')).toBeVisible({ visible: phone });
    const footer = page.locator('[data-site-footer]');
    const privacy = footer.getByRole('link', { name: 'Privacy Policy' });
    if (!phone) {
      await expect(privacy).toBeVisible();
      return;
    }
    await expect(privacy).toBeHidden();
    await footer.getByText('Legal', { exact: true }).click();
    await expect(privacy).toBeVisible();
    await footer.getByText('Customer Service', { exact: true }).click();
    await expect(footer.getByRole('link', { name: 'Track Your Order' })).toBeVisible();
    await expect(privacy).toBeHidden();
  });

  test('the header hides when scrolling down and returns when scrolling up', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('[data-site-header]');
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveAttribute('data-hidden', 'false');
  });

  test('robots.txt and sitemap.xml list the shop', async ({ request, catalog }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap:');
    const index = await (await request.get('/sitemap.xml')).text();
    const chunk = index.match(/<loc>[^<]*?(\/sitemap-0\.xml)<\/loc>/)?.[1];
    expect(chunk).toBeTruthy();
    const urls = await (await request.get(chunk!)).text();
    const [product] = await catalog.products();
    expect(urls).toContain(`/product/${product._id}/`);
  });
});
