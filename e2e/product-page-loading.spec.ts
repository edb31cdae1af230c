/**
 * The product page's parts its HTML leaves out, against the real store: the related products'
 * cards and the Shipping tab's words, drawn by the page's own script without React (the cards in
 * time for the page's one request for live figures) into places of their size the HTML holds,
 * and offline from a page the worker kept. The review form stays in the HTML (the review specs
 * type into it before React).
 */
import type { Page, Request } from '@playwright/test';
import { paths } from '#lib/paths.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { kept, underWorker } from './offline.ts';
import { storedList } from './shopper.ts';
import { form } from './reviews.ts';
import { layoutShift, watchLayoutShift } from '../scripts/lib/layout-shift.ts';

// The page's scripts on a loaded 2-core machine can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

const related = (page: Page) => page.getByTestId('related-products');
const isReact = (r: Request) => /\/_astro\/react\.[^/]*\.js$/.test(r.url());

/** The first product with related products and plenty in stock (an add is never refused). */
async function productWithRelated(catalog: import('./fixtures.ts').CatalogFixture) {
  for (const p of (await catalog.products()).filter((p) => p.stock >= 5)) {
    const detail = await catalog.product(p._id);
    if (detail.relatedProducts.some((r) => r.stock >= 5)) return detail;
  }
  throw new Error('No seeded product with related products in stock');
}

/** Where an element sits on the page (not in the view): its box plus the scroll. */
const pageBox = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
  });

test.describe('product page parts drawn after the HTML', () => {
  test('the HTML carries no cards but the review form; the cards and the Shipping words are drawn without React, their live figures in the page\'s one request', { tag: '@widths' }, async ({ page, request, catalog }) => {
    const detail = await productWithRelated(catalog);
    const html = await (await request.get(paths.product(detail._id))).text();
    expect(html).not.toContain('data-testid="product-card"');
    expect(html).toContain('data-testid="review-form"');
    expect(html).not.toContain('Free delivery on every order.');
    expect(html).toContain('<li class="card-slot"></li>');
    // What search engines need stays in the HTML.
    expect(html).toContain(`data-item-name>${detail.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</h1>`);
    expect(html).toContain('<script type="application/ld+json">');

    const react: string[] = [];
    const live: string[] = [];
    page.on('request', (r) => {
      if (isReact(r)) react.push(r.url());
      if (new URL(r.url()).pathname === '/api/products/live') live.push(r.url());
    });
    await page.goto(paths.product(detail._id));
    const cards = related(page).getByTestId('product-card');
    await expect(cards).toHaveCount(detail.relatedProducts.length);
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-product-id')))).toEqual(detail.relatedProducts.map((p) => p._id));
    await expect(related(page).locator('li.card-slot')).toHaveCount(0);
    for (const p of detail.relatedProducts) await expect(related(page).locator(`[data-product-id="${p._id}"] [data-item-name]`)).toHaveText(p.name);
    await page.waitForLoadState('networkidle');
    expect(react, 'no React before an interaction').toEqual([]);
    // One request for the live figures, asking for the product and every related card.
    expect(live).toHaveLength(1);
    const asked = new URL(live[0]).searchParams.get('ids')!.split(',');
    expect(asked).toEqual(expect.arrayContaining([detail._id, ...detail.relatedProducts.map((p) => p._id)]));

    await page.getByText('Shipping', { exact: true }).click();
    await expect(page.getByText('Free delivery on every order.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'returns policy' })).toHaveAttribute('href', paths.textPage('returns'));
  });

  test('the first tap on a drawn card\'s Add to Cart adds one line, once', async ({ page, catalog }) => {
    const detail = await productWithRelated(catalog);
    const target = detail.relatedProducts.find((r) => r.stock >= 5)!;
    await page.goto(paths.product(detail._id));
    const card = related(page).locator(`[data-testid="product-card"][data-product-id="${target._id}"]`);
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(card.getByRole('button', { name: 'Added!' })).toBeVisible();
    expect(await storedList(page, 'guestCart')).toMatchObject([{ productId: target._id, quantity: 1 }]);
  });

  for (const [name, viewport] of [
    ['phone', { width: 375, height: 812 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    test(`the related cards are drawn in the places the HTML holds for them (${name}): nothing in view moves, and nothing above them`, async ({ page, catalog }) => {
      await page.setViewportSize(viewport);
      await watchLayoutShift(page);
      const detail = await productWithRelated(catalog);
      // The page's script, which draws the cards, is held back until the places are measured.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/_astro\/ProductDetails\.astro_astro_type_script[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(paths.product(detail._id), { waitUntil: 'commit' });
      const slots = related(page).locator('li.card-slot');
      await expect(slots).toHaveCount(detail.relatedProducts.length);
      // The related products are below the fold, the review form is in the HTML, before any script.
      expect(await pageBox(page, '[data-testid="related-products"]').then((b) => b.y)).toBeGreaterThan(viewport.height);
      await expect(form(page).getByLabel('Your review')).toBeAttached();
      const places = await slots.evaluateAll((els) => els.map((el) => { const r = el.getBoundingClientRect(); return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }; }));
      const formBox = await pageBox(page, '[data-testid="review-form"]');
      const heading = await pageBox(page, '#related-heading');

      release();
      const cards = related(page).getByTestId('product-card');
      await expect(cards).toHaveCount(detail.relatedProducts.length);
      await expect(slots).toHaveCount(0);
      const drawn = await cards.evaluateAll((els) => els.map((el) => { const r = el.parentElement!.getBoundingClientRect(); return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height }; }));
      // Each card sits where its place was, as wide; as tall, or taller by the second line a
      // discounted price takes in a narrow card (below the fold: nothing seen moves).
      for (const [i, place] of places.entries()) {
        expect(drawn[i]).toMatchObject({ x: place.x, width: place.width });
        expect(drawn[i].height).toBeGreaterThanOrEqual(place.height);
        expect(drawn[i].height - place.height).toBeLessThanOrEqual(16);
      }
      expect(drawn[0].y).toBe(places[0].y);
      expect(await pageBox(page, '#related-heading')).toEqual(heading);
      expect(await pageBox(page, '[data-testid="review-form"]')).toEqual(formBox);
      await page.waitForLoadState('load');
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });
  }
});

test.describe('product page parts offline', () => {
  test.use({ serviceWorkers: 'allow' });
  test.describe.configure({ timeout: 120_000 });

  test('a product page seen online shows its related cards and Shipping words offline', async ({ page, context, catalog }) => {
    const detail = await productWithRelated(catalog);
    const path = paths.product(detail._id);
    await page.goto(path);
    await underWorker(page);
    await kept(page, path);
    // Seen again with the worker running the page, so the page's scripts pass through it; the
    // browser's own HTTP cache emptied, so only the worker's copies can answer offline.
    await page.reload();
    await expect(related(page).getByTestId('product-card')).toHaveCount(detail.relatedProducts.length);
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: detail.name })).toBeVisible();
    await expect(related(page).getByTestId('product-card')).toHaveCount(detail.relatedProducts.length);
    await page.getByText('Shipping', { exact: true }).click();
    await expect(page.getByText('Free delivery on every order.')).toBeVisible();
    await context.setOffline(false);
  });
});
