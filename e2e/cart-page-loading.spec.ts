/**
 * The cart page before and while its island starts: the stored cart, its figures and what the
 * re-check found drawn without React (no React requested before an interaction), the island
 * started at the first interaction taking the drawn cart over without changing a node or a pixel,
 * focus kept, and a tap made before React replayed once, not lost or doubled.
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { formatRs, salePrice } from '#lib/money.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { holdReact } from './slow-phone.ts';
import { alterLive, lineOf, seedStorage, storedList } from './shopper.ts';
import { watchToasts } from './feedback.ts';
import { layoutShift, watchLayoutShift } from '../scripts/lib/layout-shift.ts';

// The island hydrates after its script loads; on a busy 2-core machine that can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The drawn view (the island's element shows its contents only). */
const view = (page: Page) => page.locator('[data-island="cart"] > div');
const line = (page: Page, p: Product) => page.getByTestId('cart-line').filter({ has: page.getByRole('link', { name: p.name }) });
/** React's requests (its runtime chunk, and the small one @nanostores/react makes). */
const watchReact = (page: Page) => {
  const react: string[] = [];
  page.on('request', (r) => /\/_astro\/react\.[^/]*\.js$/.test(r.url()) && react.push(r.url()));
  return react;
};
/** The island is in place: it has replayed the taps held for it (CartView's mount). */
const islandIn = (page: Page) => expect.poll(() => page.evaluate(() => (window as { tapQueue?: { cart?: number } }).tapQueue?.cart ?? 0)).toBe(1);
/** Marks every element of the drawn cart, to see later whether the island kept them. */
const markDrawn = (page: Page) => page.evaluate(() => document.querySelectorAll<HTMLElement & { __drawn?: boolean }>('[data-island="cart"] *').forEach((el) => (el.__drawn = true)));
const seen = (page: Page) =>
  page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement & { __drawn?: boolean }>('[data-island="cart"] *')];
    return {
      html: document.querySelector('[data-island="cart"]')!.innerHTML,
      kept: all.every((el) => el.__drawn === true),
      // Where on the page, not in the viewport: the pointer may scroll the page to reach its target.
      boxes: all.map((el) => {
        const r = el.getBoundingClientRect();
        return r.width || r.height ? [r.x + scrollX, r.y + scrollY, r.width, r.height].map((n) => n.toFixed(1)).join() : 'not shown';
      }),
    };
  });

test.describe('cart page before React', () => {
  let products: Product[];
  test.beforeEach(async ({ catalog }) => {
    products = (await catalog.products()).filter((p) => p.stock >= 10).slice(0, 3);
  });

  test('the stored cart and what the re-check found are drawn without React; the island starts at the first interaction and takes them over unchanged @widths', async ({ page }) => {
    const [dearer, plain, gone] = products;
    await seedStorage(page, { guestCart: [{ ...lineOf(dearer, 2), price: salePrice(dearer) - 10, originalPrice: undefined }, lineOf(plain, 1), lineOf(gone, 1)] });
    const asked = await alterLive(page, (f) => (f._id === gone._id ? undefined : f));
    const react = watchReact(page);
    await watchLayoutShift(page);
    await page.goto('/cart/');
    // Drawn, re-checked and repriced with no React at all.
    await expect(line(page, dearer).getByTestId('line-notices')).toHaveText(`Price changed from ${formatRs(salePrice(dearer) - 10)} to ${formatRs(salePrice(dearer))}`);
    await expect(line(page, gone).getByTestId('line-notices')).toHaveText('No longer available');
    await expect(page.getByTestId('recheck-status')).toHaveText('Some items changed since you added them: see the notes beside them.');
    await expect(line(page, dearer).getByTestId('line-subtotal')).toHaveText(formatRs(salePrice(dearer) * 2));
    await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    await expect(page.getByTestId('cart-count-text')).toHaveText('3 item(s) in your cart');
    await page.waitForLoadState('networkidle');
    expect(react, 'no React before an interaction').toEqual([]);
    expect(asked, 'one re-check').toHaveLength(1);

    await markDrawn(page);
    const before = await seen(page);
    // Its pictures load lazily: in view and loaded first, so only a change React made could show.
    await view(page).first().scrollIntoViewIfNeeded();
    await expect.poll(() => view(page).first().evaluate((el) => [...el.querySelectorAll('img')].every((img) => img.complete))).toBe(true);
    const shot = await view(page).screenshot();
    // The pointer over the cart starts the island.
    await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).hover();
    await islandIn(page);
    expect(react.length).toBeGreaterThan(0);
    // The island's first render is the drawing: the same elements, markup and places, the same pixels.
    expect(await seen(page)).toEqual(before);
    expect((await view(page).screenshot()).equals(shot), 'the cart looks the same once React has it').toBe(true);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    await page.waitForLoadState('networkidle');
    expect(asked, 'the island did not ask again').toHaveLength(1);
    // The island owns the cart now.
    await line(page, plain).getByRole('button', { name: `Increase quantity of ${plain.name}` }).click();
    await expect(line(page, plain).getByTestId('line-quantity')).toHaveText('2');
  });

  test('an empty cart is drawn without React', async ({ page }) => {
    const react = watchReact(page);
    await page.goto('/cart/');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByTestId('cart-count-text')).toHaveText('0 item(s) in your cart');
    await page.waitForLoadState('networkidle');
    expect(react).toEqual([]);
  });

  test('taps on + and on Remove before React are replayed once each, not lost or doubled', async ({ page }) => {
    const [first, second, third] = products;
    await seedStorage(page, { guestCart: [lineOf(first, 1), lineOf(second, 1), lineOf(third, 1)] });
    const releaseReact = await holdReact(page);
    await page.goto('/cart/');
    const toasts = await watchToasts(page);
    await expect(page.getByTestId('recheck-status')).toBeEmpty();
    const plus = line(page, first).getByRole('button', { name: `Increase quantity of ${first.name}` });
    await plus.click();
    await plus.click();
    await line(page, second).getByRole('button', { name: `Remove ${second.name} from cart` }).click();
    // Held: marked busy, nothing changed yet.
    await expect(plus).toHaveAttribute('aria-busy', 'true');
    await expect(line(page, first).getByTestId('line-quantity')).toHaveText('1');
    await expect(page.getByTestId('cart-line')).toHaveCount(3);
    releaseReact();
    await islandIn(page);
    await expect(line(page, first).getByTestId('line-quantity')).toHaveText('3');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(plus).not.toHaveAttribute('aria-busy');
    await expect(page.getByTestId('cart-count-text')).toHaveText('2 item(s) in your cart');
    expect(await storedList(page, 'guestCart')).toEqual([lineOf(first, 3), lineOf(third, 1)]);
    await expect.poll(async () => (await toasts()).filter((t) => t.text === 'Removed from cart')).toHaveLength(1);
  });

  test('focus on a control starts the island and stays on that control', async ({ page }) => {
    const [first] = products;
    await seedStorage(page, { guestCart: [lineOf(first, 2)] });
    const react = watchReact(page);
    await page.goto('/cart/');
    await expect(page.getByTestId('recheck-status')).toBeEmpty();
    await markDrawn(page);
    const plus = line(page, first).getByRole('button', { name: `Increase quantity of ${first.name}` });
    await plus.focus();
    await islandIn(page);
    expect(react.length).toBeGreaterThan(0);
    await expect(plus).toBeFocused();
    expect(await page.evaluate(() => (document.activeElement as HTMLElement & { __drawn?: boolean }).__drawn)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(line(page, first).getByTestId('line-quantity')).toHaveText('3');
    await expect(plus).toBeFocused();
  });
});
