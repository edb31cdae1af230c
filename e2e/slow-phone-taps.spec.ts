/**
 * A second tap on a slow phone (CDP: 400 kbps, 400 ms latency, CPU 6× slower) before the page's
 * scripts have arrived: the scripts are held back by the test, so every tap here is held by the
 * inline tap queue (src/layouts/head-html.ts), then let go. A held tap shows its result at once, and
 * what it showed is what is stored once the scripts have run: a heart's last state (tap, tap: off;
 * three taps: on), one add for Add to Cart tapped twice (it says Adding... the whole time).
 */
import type { Locator, Page } from '@playwright/test';
import { paths } from '#lib/paths.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { loggedTexts, logTexts } from './feedback.ts';
import { holdRequest } from './requests.ts';
import { slowPhone } from './slow-phone.ts';

const expect = baseExpect.configure({ timeout: 30_000 });

const cartLines = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('guestCart') ?? '[]') as { productId: string; quantity: number }[]).map(({ productId, quantity }) => ({ productId, quantity })));
const wishlistIds = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('wishlist') ?? '[]') as { _id: string }[]).map((w) => w._id));
const addableCards = (page: Page) => page.locator('[data-item]:has(button[data-add-to-cart]:not([disabled]))');
const waiting = (page: Page) => page.locator('button[aria-busy="true"]');
/** The words a button shows: those the stylesheet draws over its own (a held Add to Cart), else its text. */
const shownText = (button: Locator) =>
  button.evaluate((el) => {
    const drawn = getComputedStyle(el, '::after').content;
    return drawn && drawn !== 'none' ? (JSON.parse(drawn) as string) : (el.textContent ?? '').trim();
  });

/** Opens `path` on the slow phone with its scripts held back; returns what lets them go. */
async function open(page: Page, path: string): Promise<() => void> {
  const release = await holdRequest(page, '/_astro/*.js', { every: true });
  await slowPhone(page);
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

test.describe('a second tap before the scripts, on a slow phone', { tag: '@phone-only' }, () => {
  test.beforeEach(() => {
    test.setTimeout(120_000);
  });

  test('hearts: tap, tap ends empty; tap, tap, tap ends filled; what shows before the scripts is what is stored after', async ({ page }) => {
    const release = await open(page, '/');
    const [twice, thrice] = [addableCards(page).nth(0), addableCards(page).nth(1)];
    const [heart2, heart3] = [twice.locator('button[data-wishlist-toggle]'), thrice.locator('button[data-wishlist-toggle]')];
    await heart2.tap();
    // The first tap shows at once: filled, pressed, waiting.
    await expect(heart2).toHaveAttribute('aria-pressed', 'true');
    await expect(heart2).toHaveAttribute('aria-busy', 'true');
    await expect(heart2.locator('svg')).not.toHaveCSS('fill', 'none');
    await heart2.tap();
    await expect(heart2).toHaveAttribute('aria-pressed', 'false');
    await expect(heart2.locator('svg')).toHaveCSS('fill', 'none');
    for (let i = 0; i < 3; i++) await heart3.tap();
    await expect(heart3).toHaveAttribute('aria-pressed', 'true');
    expect(await wishlistIds(page)).toEqual([]);
    const shown = { twice: await heart2.getAttribute('aria-pressed'), thrice: await heart3.getAttribute('aria-pressed') };

    release();
    const id3 = await heart3.getAttribute('data-wishlist-toggle');
    await expect.poll(() => wishlistIds(page)).toEqual([id3]);
    await expect(waiting(page)).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-chrome-ready', '');
    expect({ twice: await heart2.getAttribute('aria-pressed'), thrice: await heart3.getAttribute('aria-pressed') }).toEqual(shown);
    await expect(heart3).toHaveAttribute('aria-label', /is in your wishlist$/);
    await expect(heart2).toHaveAttribute('aria-label', /^Add .* to wishlist$/);
    expect(await wishlistIds(page)).toEqual([id3]);

    // Once the scripts are in, a tap is a tap.
    await heart3.tap();
    await expect.poll(() => wishlistIds(page)).toEqual([]);
    await expect(heart3).toHaveAttribute('aria-pressed', 'false');
  });

  test('a card’s Add to Cart tapped twice says Adding... and adds one, as it said', async ({ page }) => {
    const release = await open(page, '/');
    const add = addableCards(page).first().locator('button[data-add-to-cart]');
    await add.tap();
    await expect.poll(() => shownText(add)).toBe('Adding...');
    await add.tap();
    await expect(add).toHaveAttribute('aria-busy', 'true');
    expect(await shownText(add)).toBe('Adding...');
    // Its own words stay in its name.
    await expect(add).toHaveAccessibleName(/^Add to Cart/);
    expect(await cartLines(page)).toEqual([]);
    await logTexts(add);

    release();
    const id = await add.getAttribute('data-add-to-cart');
    await expect.poll(() => cartLines(page)).toEqual([{ productId: id, quantity: 1 }]);
    await expect(page.locator('[data-bottom-bar] [data-cart-count]')).toHaveText('1');
    await expect(add).toHaveText('Add to Cart');
    // Adding... (drawn while held, then the handler's own), then Added! once: one add, as it said.
    expect((await loggedTexts(page)).map((t) => t.text)).toEqual(['Adding...', 'Added!', 'Add to Cart']);
    expect(await cartLines(page)).toEqual([{ productId: id, quantity: 1 }]);
  });

  test('the buy box: Add to Cart tapped twice adds the chosen quantity once; the heart tapped twice stays empty', async ({ page, catalog }) => {
    const product = await catalog.find((p) => p.stock >= 20 && p.price - p.discount > 0);
    const release = await open(page, paths.product(product._id));
    const box = page.locator('[data-buy-box]');
    const add = box.locator('button[data-add-to-cart]');
    const heart = box.locator('button[data-wishlist-toggle]');
    await box.getByRole('button', { name: 'Increase quantity' }).tap();
    await add.tap();
    await expect.poll(() => shownText(add)).toBe('Adding...');
    await add.tap();
    await heart.tap();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(await shownText(heart)).toBe('Wishlisted');
    await heart.tap();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(await shownText(heart)).toBe('Add to Wishlist');
    expect(await cartLines(page)).toEqual([]);
    await logTexts(add);

    release();
    await expect.poll(() => cartLines(page)).toEqual([{ productId: product._id, quantity: 2 }]);
    await expect(waiting(page)).toHaveCount(0);
    await expect(add).toHaveText('Add to Cart');
    expect((await loggedTexts(page)).map((t) => t.text)).toEqual(['Added to Cart!', 'Add to Cart']);
    await expect(page.locator('html')).toHaveAttribute('data-chrome-ready', '');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart).toHaveText('Add to Wishlist');
    expect(await wishlistIds(page)).toEqual([]);
    expect(await cartLines(page)).toEqual([{ productId: product._id, quantity: 2 }]);
  });
});
