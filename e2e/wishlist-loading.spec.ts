/**
 * The wishlist page before and while its island starts: the stored wishlist drawn without React
 * (with today's figures, and again when another tab changes it), the island started at the first
 * interaction and adopting the drawn page unchanged, and a tap or the focus given before React
 * arrives kept: the tap replayed once, the focus where it was.
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { formatRs, salePrice } from '#lib/money.ts';
import { layoutShift, watchLayoutShift } from '../scripts/lib/layout-shift.ts';
import { watchToasts } from './feedback.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { holdReact } from './slow-phone.ts';
import { alterLive, lineOf, seedStorage, storedList, wishOf } from './shopper.ts';

// The island's code loads at the first interaction: on a loaded 2-core machine that can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

const card = (page: Page, p: Product) => page.getByTestId('wishlist-item').filter({ has: page.getByRole('link', { name: p.name }) });

/** Records the requests for React's files (the island's code imports them). */
function watchReact(page: Page): string[] {
  const react: string[] = [];
  page.on('request', (r) => /\/_astro\/react\.[^/]*\.js$/.test(r.url()) && react.push(r.url()));
  return react;
}

/** React has taken the drawn page over: its cards' `<li>`s are React's own elements now (hydrated). */
const adopted = (page: Page) =>
  page.evaluate(() => {
    const items = [...document.querySelectorAll('[data-island="wishlist"] li')];
    return items.length > 0 && items.every((li) => Object.keys(li).some((k) => k.startsWith('__reactFiber')));
  });

/** Marks the page's elements, to tell afterwards whether they are still the same ones. */
const mark = (page: Page) =>
  page.evaluate(() => document.querySelectorAll<HTMLElement & { __drawn?: boolean }>('[data-island="wishlist"] *').forEach((el) => (el.__drawn = true)));

/** The wishlist as the shopper sees it: each element's markup and place, and whether it is one marked before. */
const seen = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement & { __drawn?: boolean }>('[data-island="wishlist"] *')].map((el) => ({
      html: el.outerHTML,
      drawn: el.__drawn === true,
      box: JSON.stringify(el.getBoundingClientRect()),
    })),
  );

test.describe('wishlist page loading', () => {
  let discounted: Product;
  let plain: Product;
  let soldOut: Product;
  test.beforeEach(async ({ catalog }) => {
    const products = await catalog.products();
    discounted = products.find((p) => p.discount > 0 && p.stock >= 10)!;
    plain = products.find((p) => p.discount === 0 && p.stock >= 10 && p._id !== discounted._id)!;
    soldOut = products.find((p) => p.stock <= 0)!;
  });

  test("the stored wishlist is drawn without React, with today's figures; the island starts at the first interaction and adopts it unchanged", { tag: '@widths' }, async ({ page }) => {
    await watchLayoutShift(page);
    const react = watchReact(page);
    await seedStorage(page, { wishlist: [wishOf(discounted), wishOf(plain), wishOf(soldOut)] });
    // Today the plain item costs 20 more than when it was wishlisted.
    const asked = await alterLive(page, (figures) => (figures._id === plain._id ? { ...figures, price: figures.price + 20 } : figures));
    await page.goto('/wishlist/');
    await expect(page.getByTestId('wishlist-count-text')).toHaveText('3 item(s) in your wishlist');
    await expect(card(page, plain).getByTestId('price')).toHaveText(formatRs(plain.price + 20));
    await expect(card(page, discounted).getByTestId('price')).toHaveText(formatRs(salePrice(discounted)));
    await expect(card(page, soldOut).getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await page.waitForLoadState('networkidle');
    expect(react, 'no React before an interaction').toEqual([]);
    expect(asked, 'one request for the figures').toHaveLength(1);
    await expect(page.getByTestId('wishlist-loading')).toHaveCount(0);

    await mark(page);
    const before = await seen(page);
    const shift = await layoutShift(page);
    // The pointer over the wishlist starts the island.
    await page.getByTestId('wishlist-count-text').hover();
    await expect.poll(() => adopted(page)).toBe(true);
    expect(react.length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    // The island's render is the page as drawn: the very elements, the same markup, the same places.
    expect(await seen(page)).toEqual(before);
    expect(await layoutShift(page)).toBe(shift);
    expect(asked, 'the island asked for no figures again').toHaveLength(1);

    // It works the page from then on.
    await card(page, plain).getByRole('button', { name: 'Move to Cart' }).click();
    await expect(card(page, plain)).toHaveCount(0);
    await expect(page.getByTestId('wishlist-count-text')).toHaveText('2 item(s) in your wishlist');
    expect(await storedList(page, 'guestCart')).toEqual([{ ...lineOf(plain, 1), price: plain.price + 20 }]);
  });

  test('a tap on Move to Cart before React arrives is held, then replayed once', async ({ page }) => {
    await seedStorage(page, { wishlist: [wishOf(discounted), wishOf(plain)] });
    const release = await holdReact(page);
    await page.goto('/wishlist/');
    const move = card(page, discounted).getByRole('button', { name: 'Move to Cart' });
    await move.click();
    // Held: marked as waiting, nothing done yet.
    await expect(move).toHaveAttribute('aria-busy', 'true');
    expect(await storedList(page, 'guestCart')).toBeNull();
    release();
    await expect(card(page, discounted)).toHaveCount(0);
    await expect(page.getByTestId('wishlist-count-text')).toHaveText('1 item(s) in your wishlist');
    // The next tap goes straight to the island: had the held one been replayed twice, the cart would say so.
    await card(page, plain).getByRole('button', { name: `Remove ${plain.name} from wishlist` }).click();
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    expect(await storedList(page, 'guestCart')).toEqual([lineOf(discounted, 1)]);
    expect(await storedList(page, 'wishlist')).toEqual([]);
  });

  test('a tap on remove before React arrives is held, then replayed once, with one notice', async ({ page }) => {
    await seedStorage(page, { wishlist: [wishOf(discounted), wishOf(plain)] });
    const release = await holdReact(page);
    await page.goto('/wishlist/');
    const shown = await watchToasts(page);
    const remove = card(page, plain).getByRole('button', { name: `Remove ${plain.name} from wishlist` });
    await remove.click();
    await expect(remove).toHaveAttribute('aria-busy', 'true');
    expect(await storedList(page, 'wishlist')).toEqual([wishOf(discounted), wishOf(plain)]);
    release();
    await expect(card(page, plain)).toHaveCount(0);
    await expect(page.getByTestId('wishlist-count-text')).toHaveText('1 item(s) in your wishlist');
    await expect.poll(async () => (await shown()).map((t) => t.text)).toEqual(['Removed from wishlist']);
    await card(page, discounted).getByRole('button', { name: 'Move to Cart' }).click();
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    expect((await shown()).filter((t) => t.text === 'Removed from wishlist')).toHaveLength(1);
    expect(await storedList(page, 'guestCart')).toEqual([lineOf(discounted, 1)]);
  });

  test('a button focused before React keeps the focus when the island takes over, and works from the keyboard', async ({ page }) => {
    await seedStorage(page, { wishlist: [wishOf(discounted), wishOf(plain)] });
    const release = await holdReact(page);
    await page.goto('/wishlist/');
    const move = card(page, plain).getByRole('button', { name: 'Move to Cart' });
    await move.focus();
    await mark(page);
    release();
    await expect.poll(() => adopted(page)).toBe(true);
    await expect(move).toBeFocused();
    expect(await move.evaluate((el) => (el as HTMLElement & { __drawn?: boolean }).__drawn)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(card(page, plain)).toHaveCount(0);
    expect(await storedList(page, 'guestCart')).toEqual([lineOf(plain, 1)]);
  });

  test('an empty wishlist is drawn without React, and drawn again when another tab wishlists a product', async ({ page }) => {
    const react = watchReact(page);
    await page.goto('/wishlist/');
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    await expect(page.getByTestId('wishlist-count-text')).toHaveText('0 item(s) in your wishlist');
    const other = await page.context().newPage();
    await other.goto('/about/');
    await other.evaluate((items) => localStorage.setItem('wishlist', JSON.stringify(items)), [wishOf(plain)]);
    await expect(card(page, plain).getByRole('button', { name: 'Move to Cart' })).toBeVisible();
    await expect(page.getByTestId('wishlist-count-text')).toHaveText('1 item(s) in your wishlist');
    await page.waitForLoadState('networkidle');
    expect(react, 'no React before an interaction').toEqual([]);
  });
});
