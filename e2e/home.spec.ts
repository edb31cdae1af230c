import { HERO_AUTOPLAY_MS } from '#components/swiper.ts';
import { test, expect } from './fixtures.ts';
import { MIN_RATINGS_TO_RANK } from '#features/catalog/home-rows.ts';

test.describe('home page', () => {
  test('shows every section built from the catalogue', async ({ page, catalog }) => {
    const categories = await catalog.categories();
    await page.goto('/');
    await expect(page).toHaveTitle(/Kiryana/);
    await expect(page.getByTestId('hero-slide')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Shop by Categories' })).toBeVisible();
    await expect(page.getByTestId('home-categories').getByRole('link')).toHaveCount(categories.length);
    await expect(page.getByTestId('home-popular').getByTestId('product-card')).toHaveCount(8);
    await expect(page.getByTestId('home-new-arrivals').getByTestId('product-card')).toHaveCount(10);
    await expect(page.getByTestId('home-featured').getByTestId('product-card')).toHaveCount(8);
    await expect(page.getByRole('heading', { name: 'Get weekly deals in your inbox' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  });

  test('Popular Products are the 8 best rated, New Arrivals the 10 newest', async ({ page, catalog }) => {
    const products = await catalog.products();
    const newest = [...products].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 10);
    const topRating = Math.max(...products.filter((p) => p.numRatings >= MIN_RATINGS_TO_RANK).map((p) => p.rating));
    await page.goto('/');
    const arrivals = await page.getByTestId('home-new-arrivals').getByTestId('product-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')));
    expect(arrivals).toEqual(newest.map((p) => p._id));
    const firstPopular = await page.getByTestId('home-popular').getByTestId('product-card').first().getAttribute('data-product-id');
    expect(products.find((p) => p._id === firstPopular)?.rating).toBe(topRating);
  });

  test('the hero shows banners 1-2 on wide screens and 3-4 on phones, and fades every 4 s', { tag: '@widths' }, async ({ page }) => {
    await page.goto('/');
    const first = page.getByTestId('hero-slide').first().locator('img');
    await expect(first).toHaveJSProperty('complete', true);
    const src = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
    const wide = (page.viewportSize()?.width ?? 0) >= 768;
    expect(src).toContain(wide ? '/images/hero/hero-1-' : '/images/hero-mobile/hero-3-');
    const hero = page.locator('.hero-carousel');
    await expect(hero).toHaveClass(/swiper-initialized/);
    await expect(hero).toHaveClass(/swiper-fade/);
    const active = () => hero.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');
    const before = await active();
    await expect.poll(active, { timeout: 6000 }).not.toBe(before);
  });

  test('category and product carousels start when scrolled into view', { tag: '@widths' }, async ({ page }) => {
    await page.goto('/');
    const row = page.getByTestId('home-categories').locator('.carousel');
    await row.scrollIntoViewIfNeeded();
    await expect(row).toHaveClass(/swiper-initialized/);
    const perView = await row.locator('.swiper-slide').first().evaluate((el, width) => Math.round(width / el.getBoundingClientRect().width), await row.evaluate((el) => el.getBoundingClientRect().width));
    expect(perView).toBe((page.viewportSize()?.width ?? 0) >= 1280 ? 6 : 2);
  });

  test('every image has width and height and loads', { tag: '@widths' }, async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const images = page.locator('main img');
    for (const img of await images.all()) {
      expect(await img.getAttribute('width')).toBeTruthy();
      expect(await img.getAttribute('height')).toBeTruthy();
    }
    const broken = await page.evaluate(async () => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('main img')];
      imgs.forEach((i) => (i.loading = 'eager'));
      const settled = (i: HTMLImageElement) =>
        new Promise((r) => {
          i.addEventListener('load', r, { once: true });
          i.addEventListener('error', r, { once: true });
        });
      await Promise.all(imgs.map((i) => (i.complete ? null : settled(i))));
      return imgs.filter((i) => i.naturalWidth === 0 || i.dataset.fallback).map((i) => i.currentSrc || i.src);
    });
    expect(broken).toEqual([]);
  });
});

test('the newsletter checks the address and subscribes it once', async ({ page }) => {
  await page.goto('/');
  const email = page.getByLabel('E-mail address');
  const status = page.locator('[data-newsletter-message]');
  await email.fill('not an address');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status).toHaveText('Please enter a valid e-mail address.');
  const address = `shopper-${Date.now()}-${Math.random().toString(36).slice(2)}@example.pk`;
  await email.fill(address);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status).toHaveText("Thanks! You're subscribed to Kiryana's weekly deals.");
  await expect(email).toHaveValue('');
  await email.fill(address.toUpperCase());
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status).toHaveText("You're already subscribed. Thanks for staying with us!");
});

test('the hero banners can be paused and played again', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const hero = page.locator('.hero-carousel');
  await expect(hero).toHaveClass(/swiper-initialized/);
  const active = () => hero.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');
  await page.getByRole('button', { name: 'Pause the banners' }).click();
  await page.mouse.move(0, 0);
  const paused = await active();
  // Past two turns of the autoplay on the page's clock.
  await page.clock.runFor(2 * HERO_AUTOPLAY_MS);
  expect(await active()).toBe(paused);
  await page.getByRole('button', { name: 'Play the banners' }).click();
  await expect.poll(active, { timeout: 6000 }).not.toBe(paused);
});

test('the hero words never sit over the picture, and the newsletter field shows a whole address', { tag: '@widths' }, async ({ page }) => {
  await page.goto('/');
  const slide = page.getByTestId('hero-slide').first();
  const picture = await slide.locator('img').boundingBox();
  const words = await slide.getByRole('heading', { level: 2 }).boundingBox();
  const link = await slide.getByRole('link').boundingBox();
  expect(picture && words && link).toBeTruthy();
  if ((page.viewportSize()?.width ?? 0) < 768) {
    // Phones: under the picture.
    expect(words!.y).toBeGreaterThanOrEqual(picture!.y + picture!.height - 1);
  } else {
    // Wide screens: over the picture's empty left half, not its drawing on the right.
    expect(words!.x + words!.width).toBeLessThanOrEqual(picture!.x + picture!.width / 2 + 1);
    expect(link!.x + link!.width).toBeLessThanOrEqual(picture!.x + picture!.width / 2 + 1);
  }
  // The placeholder fits the field: the text's width within the field's content box.
  const fits = await page.locator('#newsletter-email').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(input.placeholder).width, room };
  });
  expect(fits.text).toBeLessThanOrEqual(fits.room);
});
