/**
 * Place Order says the order's total ("Place Order · Rs. 2,450") and follows the cart, both while
 * the form is still HTML and once its island runs: the total is seen where the order is placed (on
 * a phone the summary comes after the form; on a wide screen it sits beside it, above the button).
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { basketTotals } from '#lib/money.ts';
import { test, expect as baseExpect, rs } from './fixtures.ts';
import { lineOf } from './shopper.ts';
import { field, productFor, seedCart } from './checkout.ts';
import { holdRequest } from './requests.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/** Another tab of the same browser adds one more of `product` from the cart page, making `quantity`. */
async function addOneElsewhere(page: Page, product: Product, quantity: number) {
  const other = await page.context().newPage();
  await other.goto('/cart/');
  await other.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  const stored = () => other.evaluate((id) => (JSON.parse(localStorage.getItem('guestCart') ?? '[]') as { productId: string; quantity: number }[]).find((l) => l.productId === id)?.quantity, product._id);
  await expect.poll(stored).toBe(quantity);
  await other.close();
}

test.describe('Place Order with the total', () => {
  test('says the total before and after the form starts and follows the cart', { tag: '@widths' }, async ({ page, catalog }) => {
    const [first, second] = [await productFor(catalog, 22), await productFor(catalog, 23)];
    const total = await seedCart(page, [[first, 2], [second, 1]]);
    // The form's island waits: its button is still the page's HTML.
    const release = await holdRequest(page, '/_astro/CheckoutForm*.js', { every: true });
    await page.goto('/checkout-page/');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByTestId('summary-total')).toHaveText(rs(total));
    const button = page.getByRole('button', { name: `Place Order · ${rs(total)}`, exact: true });
    await expect(button).toBeVisible();
    await expect(page.locator('[data-account-island][data-ready]')).toHaveCount(0);

    // The total is seen before the order is placed: in the button, and on a wide screen in the
    // summary beside the form, above the button.
    if ((page.viewportSize()?.width ?? 0) >= 1024) {
      const totalBox = (await summary.getByTestId('summary-total').boundingBox())!;
      const buttonBox = (await button.boundingBox())!;
      expect(totalBox.y + totalBox.height).toBeLessThan(buttonBox.y);
    }

    // The cart changes in another tab: the still button follows.
    await addOneElsewhere(page, first, 3);
    const more = basketTotals([lineOf(first, 3), lineOf(second, 1)]).total;
    await expect(summary.getByTestId('summary-total')).toHaveText(rs(more));
    await expect(page.getByRole('button', { name: `Place Order · ${rs(more)}`, exact: true })).toBeVisible();

    // The island starts and keeps the label; it follows the next change too.
    release();
    await field(page, 'guestInfo.name').focus();
    await expect(page.locator('[data-account-island][data-ready]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: `Place Order · ${rs(more)}`, exact: true })).toBeVisible();
    await addOneElsewhere(page, first, 4);
    const most = basketTotals([lineOf(first, 4), lineOf(second, 1)]).total;
    await expect(page.getByRole('button', { name: `Place Order · ${rs(most)}`, exact: true })).toBeVisible();
    await expect(summary.getByTestId('summary-total')).toHaveText(rs(most));
  });
});
