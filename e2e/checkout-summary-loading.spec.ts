/**
 * The checkout's order summary before and while its island starts: the stored cart, its figures
 * and what the re-check found drawn without React (no React requested before an interaction),
 * the form shown only with something to order, the island taking the drawn summary over without
 * changing a node or a pixel, and a tap made before React replayed once.
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { formatRs, salePrice } from '#lib/money.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { holdReact } from './slow-phone.ts';
import { alterLive, lineOf, seedStorage, storedList } from './shopper.ts';
import { layoutShift, watchLayoutShift } from '../scripts/lib/layout-shift.ts';

// The island hydrates after its script loads; on a busy 2-core machine that can take seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

const view = (page: Page) => page.locator('[data-island="checkout-summary"] > *');
const line = (page: Page, p: Product) => page.getByTestId('checkout-line').filter({ hasText: p.name });
const watchReact = (page: Page) => {
  const react: string[] = [];
  page.on('request', (r) => /\/_astro\/react\.[^/]*\.js$/.test(r.url()) && react.push(r.url()));
  return react;
};
/** The island is in place: it has replayed the taps held for it (its mount). */
const islandIn = (page: Page) => expect.poll(() => page.evaluate(() => (window as { tapQueue?: { cart?: number } }).tapQueue?.cart ?? 0)).toBe(1);
const seen = (page: Page) =>
  page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement & { __drawn?: boolean }>('[data-island="checkout-summary"] *')];
    return {
      html: document.querySelector('[data-island="checkout-summary"]')!.innerHTML,
      kept: all.every((el) => el.__drawn === true),
      // Where on the page, not in the viewport: the pointer may scroll the page to reach its target.
      boxes: all.map((el) => {
        const r = el.getBoundingClientRect();
        return r.width || r.height ? [r.x + scrollX, r.y + scrollY, r.width, r.height].map((n) => n.toFixed(1)).join() : 'not shown';
      }),
    };
  });

test.describe('checkout order summary before React', () => {
  let products: Product[];
  test.beforeEach(async ({ catalog }) => {
    products = (await catalog.products()).filter((p) => p.stock >= 10).slice(0, 3);
  });

  test('the summary and what the re-check found are drawn without React; the island takes them over unchanged @widths', async ({ page }) => {
    const [dearer, plain, gone] = products;
    await seedStorage(page, { guestCart: [{ ...lineOf(dearer, 2), price: salePrice(dearer) - 10 }, lineOf(plain, 1), lineOf(gone, 1)] });
    const asked = await alterLive(page, (f) => (f._id === gone._id ? undefined : f));
    const react = watchReact(page);
    await watchLayoutShift(page);
    // Tall enough to hold the form and the summary: the screenshots are not cut by the viewport's edge.
    await page.setViewportSize({ width: page.viewportSize()!.width, height: 2600 });
    await page.goto('/checkout-page/');
    await expect(line(page, dearer).getByTestId('checkout-line-notices')).toHaveText(`Price changed from ${formatRs(salePrice(dearer) - 10)} to ${formatRs(salePrice(dearer))}`);
    await expect(line(page, gone).getByTestId('checkout-line-notices')).toHaveText('No longer available');
    await expect(line(page, dearer).getByTestId('checkout-line-total')).toHaveText(formatRs(salePrice(dearer) * 2));
    await expect(page.getByTestId('checkout-blocked')).toHaveText('Remove the items that are not available to proceed to checkout.');
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(react, 'no React before an interaction').toEqual([]);
    expect(asked, 'one re-check').toHaveLength(1);

    await page.evaluate(() => document.querySelectorAll<HTMLElement & { __drawn?: boolean }>('[data-island="checkout-summary"] *').forEach((el) => (el.__drawn = true)));
    const before = await seen(page);
    // Its pictures load lazily: in view and loaded first, so only a change React made could show.
    await view(page).first().scrollIntoViewIfNeeded();
    await expect.poll(() => view(page).first().evaluate((el) => [...el.querySelectorAll('img')].every((img) => img.complete))).toBe(true);
    const shot = await view(page).screenshot();
    await page.getByRole('heading', { name: 'Order Summary' }).hover();
    await islandIn(page);
    expect(react.length).toBeGreaterThan(0);
    expect(await seen(page)).toEqual(before);
    expect((await view(page).screenshot()).equals(shot), 'the summary looks the same once React has it').toBe(true);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    await page.waitForLoadState('networkidle');
    expect(asked, 'the island did not ask again').toHaveLength(1);
  });

  test('an empty cart: the empty state without React, and no form', async ({ page }) => {
    const react = watchReact(page);
    await page.goto('/checkout-page/');
    await expect(page.getByTestId('checkout-empty')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place Order' })).toBeHidden();
    await page.waitForLoadState('networkidle');
    expect(react).toEqual([]);
  });

  test('a tap on Remove before React is replayed once', async ({ page }) => {
    const [kept, gone] = products;
    await seedStorage(page, { guestCart: [lineOf(kept, 1), lineOf(gone, 1)] });
    await alterLive(page, (f) => (f._id === gone._id ? undefined : f));
    const releaseReact = await holdReact(page);
    await page.goto('/checkout-page/');
    const remove = line(page, gone).getByRole('button', { name: `Remove ${gone.name}` });
    await remove.click();
    await expect(remove).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('checkout-line')).toHaveCount(2);
    releaseReact();
    await islandIn(page);
    await expect(page.getByTestId('checkout-line')).toHaveCount(1);
    await expect(page.getByTestId('checkout-blocked')).toHaveCount(0);
    expect(await storedList(page, 'guestCart')).toEqual([lineOf(kept, 1)]);
  });
});
