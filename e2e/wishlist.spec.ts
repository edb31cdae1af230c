/**
 * The wishlist page: stored items as cards (name, price, picture, links), Move to Cart (quantity 1,
 * off the wishlist), remove, the empty and loading states, out-of-stock items that cannot move,
 * today's price and stock from the API, corrupt storage, a broken image and axe. Phone and desktop.
 */
import type { Page } from '@playwright/test';
import type { Product } from '#lib/schemas/catalog.ts';
import { formatRs, salePrice } from '#lib/money.ts';
import { axeViolations } from './axe.ts';
import { watchToasts } from './feedback.ts';
import { test, expect as baseExpect } from './fixtures.ts';
import { alterLive, lineOf, seedStorage, stored, wishOf } from './shopper.ts';

// The island's code loads at the first interaction (the page is drawn before it); on a busy 2-core
// machine running the suite that has taken over 5 s, so assertions wait up to 15 s (they pass as
// soon as the page is right).
const expect = baseExpect.configure({ timeout: 15_000 });
const card = (page: Page, p: Product) => page.getByTestId('wishlist-item').filter({ has: page.getByRole('link', { name: p.name }) });

test.describe('wishlist page', () => {
  let discounted: Product;
  let plain: Product;
  let soldOut: Product;
  test.beforeEach(async ({ catalog }) => {
    const products = await catalog.products();
    discounted = products.find((p) => p.discount > 0 && p.stock >= 10)!;
    plain = products.find((p) => p.discount === 0 && p.stock >= 10 && p._id !== discounted._id)!;
    soldOut = products.find((p) => p.stock <= 0)!;
  });

  test('shows each item with name, price and picture linking to the product, with the header and footer', async ({ page }) => {
    await seedStorage(page, { wishlist: [wishOf(discounted), wishOf(plain), wishOf(soldOut)] });
    await page.goto('/wishlist/');
    await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
    await expect(page.getByTestId('wishlist-count-text')).toHaveText('3 item(s) in your wishlist');
    const first = card(page, discounted);
    await expect(first.getByRole('link', { name: discounted.name })).toHaveAttribute('href', `/product/${discounted._id}/`);
    await expect(first.getByTestId('price')).toHaveText(formatRs(salePrice(discounted)));
    await expect(first.locator('s')).toHaveText(`Was ${formatRs(discounted.price)}`);
    await expect(first.locator('img')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const out = card(page, soldOut);
    await expect(out.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await expect(out).toContainText("Out of stock: it can't be moved to the cart.");
    expect(await axeViolations(page)).toEqual([]);
  });

  test('Move to Cart adds quantity 1 and takes the item off the wishlist; remove takes it off', async ({ page }) => {
    await seedStorage(page, { wishlist: [wishOf(discounted), wishOf(plain)], guestCart: [lineOf(plain, 2)] });
    await page.goto('/wishlist/');
    await card(page, discounted).getByRole('button', { name: 'Move to Cart' }).click();
    await expect(card(page, discounted)).toHaveCount(0);
    await expect(page.getByTestId('wishlist-count-text')).toHaveText('1 item(s) in your wishlist');
    const cart = JSON.parse((await stored(page, 'guestCart'))!);
    expect(cart).toEqual([lineOf(plain, 2), lineOf(discounted, 1)]);
    // Moving an item already in the cart raises that line by one.
    await card(page, plain).getByRole('button', { name: 'Move to Cart' }).click();
    expect(JSON.parse((await stored(page, 'guestCart'))!).map((l: { quantity: number }) => l.quantity)).toEqual([3, 1]);
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    expect(await stored(page, 'wishlist')).toBe('[]');

    await page.goto('/cart/');
    await expect(page.getByTestId('cart-count-text')).toHaveText('2 item(s) in your cart');
  });

  test('remove takes an item off the wishlist, down to the empty state with a way to shop', async ({ page }) => {
    await seedStorage(page, { wishlist: [wishOf(plain)] });
    await page.goto('/wishlist/');
    await card(page, plain).getByRole('button', { name: `Remove ${plain.name} from wishlist` }).click();
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
    expect(await stored(page, 'wishlist')).toBe('[]');
    expect(await stored(page, 'guestCart')).toBeNull();
  });

  test("Move to Cart says 'Added to cart' and remove says 'Removed from wishlist' in the toast region", async ({ page }) => {
    await seedStorage(page, { wishlist: [wishOf(plain), wishOf(discounted)] });
    await page.goto('/wishlist/');
    // A toast lives 1 s: the page logs what its live region showed, so slow polling cannot miss it.
    const shown = await watchToasts(page);
    await card(page, plain).getByRole('button', { name: 'Move to Cart' }).click();
    await expect.poll(async () => (await shown()).map((t) => [t.text, t.type])).toContainEqual(['Added to cart', 'cart']);
    await card(page, discounted).getByRole('button', { name: `Remove ${discounted.name} from wishlist` }).click();
    await expect.poll(async () => (await shown()).map((t) => [t.text, t.type])).toContainEqual(['Removed from wishlist', 'wishlist']);
  });

  test('an empty wishlist shows the empty state and passes axe', async ({ page }) => {
    await page.goto('/wishlist/');
    await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
    await expect(page.getByTestId('wishlist-count-text')).toHaveText('0 item(s) in your wishlist');
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a stored wishlist shows a loading state, not the empty one, until the page's script has drawn it", async ({ page }) => {
    await seedStorage(page, { wishlist: [wishOf(plain)] });
    // The page's script never comes (so the document never finishes loading: a module script holds it).
    await page.route('**/_astro/wishlist.astro_astro_type_script_*.js', () => {});
    await page.goto('/wishlist/', { waitUntil: 'commit' });
    await expect(page.getByTestId('wishlist-loading')).toBeVisible();
    await expect(page.getByText('Your wishlist is empty')).toBeHidden();
  });

  test("today's stock from the API: an item sold out since it was wishlisted cannot move to the cart", async ({ page }) => {
    await seedStorage(page, { wishlist: [wishOf(plain)] });
    await alterLive(page, (figures) => (figures._id === plain._id ? { ...figures, stock: 0, price: figures.price + 20 } : figures));
    await page.goto('/wishlist/');
    await expect(card(page, plain).getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    await expect(card(page, plain).getByTestId('price')).toHaveText(formatRs(plain.price + 20));
  });

  for (const [what, raw] of [['garbage text', 'wish list!!'], ['foreign JSON', '[{"id":7,"title":"not ours"}]']]) {
    test(`a corrupt stored wishlist (${what}) reads as empty, without a crash, and is left as it was`, async ({ page }) => {
      const seen: string[] = [];
      page.on('pageerror', (e) => seen.push(e.message));
      await seedStorage(page, { wishlist: raw });
      await page.goto('/wishlist/', { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
      expect(await stored(page, 'wishlist')).toBe(raw);
      expect(seen).toEqual([]);
    });
  }

  test('a broken image shows the placeholder', async ({ page }) => {
    await seedStorage(page, { wishlist: [{ ...wishOf(plain), image: '/images/products/no-such-picture.webp' }] });
    await page.goto('/wishlist/');
    await expect(card(page, plain).locator('img')).toHaveAttribute('src', '/images/placeholder.svg');
  });
});
