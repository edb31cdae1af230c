/**
 * The account and profile pages before and while their islands start, against the real store:
 * what the API gives is drawn with no React loaded, React comes at the first interaction and
 * changes nothing on the screen, and a tap or typing made before it arrives is done once and kept.
 */
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import { createUser, newEmail, PASSWORD, storeSession } from './accounts.ts';
import { holdReact } from './slow-phone.ts';

// Hashing passwords (argon2id) and sending mail take a while on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/** The React chunks the page asks for, as they are asked. */
function reactRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => /\/_astro\/react\.[^/]*\.js$/.test(r.url()) && asked.push(r.url()));
  return asked;
}

/** What the page reports as an error (a hydration that did not match the drawn page would be one). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The island's root: `data-ready` once it has mounted (useIslandReady). */
const islandRoot = (page: Page, part: string) => page.locator(`[data-account-island]:has([${part}])`);

/** What the island may change when it takes over, to compare before and after: the page's parts and where everything is. */
async function drawnState(page: Page, part: string) {
  return page.evaluate((attribute) => {
    const parts = [...document.querySelectorAll(`[${attribute}]`)].map((el) => `${el.getAttribute(attribute)}: ${el.innerHTML}`);
    const boxes = [...document.querySelectorAll('main *')].map((el) => JSON.stringify(el.getBoundingClientRect()));
    return { parts, boxes };
  }, part);
}

/** Starts the island as a shopper's first interaction would (a pointer over it), without moving the mouse: no hover style to tell apart. */
async function wake(page: Page, part: string) {
  await page.locator('astro-island').filter({ has: page.locator(`[${part}]`) }).first().dispatchEvent('pointerover');
  await expect(islandRoot(page, part)).toHaveAttribute('data-ready', '');
}

test.describe('account pages', () => {
  test('account: profile, orders and wishlist are drawn with no React; React at the first interaction changes nothing', async ({ page, request, mailbox, catalog }) => {
    const email = newEmail('account-early');
    const { token } = await createUser(request, mailbox, email);
    const [product, other] = await catalog.products();
    const sale = product.price - product.discount;
    const placed = await request.post('/api/order/place', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        items: [{ productId: product._id, quantity: 2, price: sale }],
        totalAmount: sale * 2,
        paymentMethod: 'COD',
        shippingAddress: { address: '7 Canal View', city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan' },
        contactNumber: '03004445555',
        guestInfo: { name: 'Ayesha Khan', email },
      },
    });
    expect(placed.status()).toBe(201);
    const { order } = (await placed.json()) as { order: { _id: string; orderNumber: string } };
    await storeSession(page, token);
    await page.evaluate(
      (list) => localStorage.setItem('wishlist', JSON.stringify(list.map((p) => ({ _id: p._id, name: p.name, price: p.price, discount: p.discount, image: p.images?.[0] ?? '', stock: p.stock })))),
      [product, other],
    );
    const react = reactRequests(page);
    const errors = pageErrors(page);
    await page.goto('/account/');
    await expect(page.getByTestId('account-profile')).toContainText(email);
    await expect(page.getByTestId('account-greeting')).toHaveText('Welcome back, Ayesha!');
    const entry = page.getByTestId('order-history').getByRole('link', { name: new RegExp(`^${order.orderNumber}`) });
    await expect(entry).toHaveAttribute('href', `/order/order-status/${order._id}/`);
    await expect(entry).toContainText('2 items');
    const wishlist = page.getByRole('region', { name: 'My Wishlist (2)' });
    await expect(wishlist.getByRole('link', { name: other.name })).toHaveAttribute('href', `/product/${other._id}/`);
    await page.waitForLoadState('networkidle');
    expect(react).toEqual([]);

    const before = await drawnState(page, 'data-account-part');
    const shot = await page.screenshot({ fullPage: true });
    await wake(page, 'data-account-part');
    expect(react.length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(await drawnState(page, 'data-account-part')).toEqual(before);
    expect(await page.screenshot({ fullPage: true })).toEqual(shot);
    expect(errors).toEqual([]);
    // The island keeps the part current: the wishlist changed in another tab.
    await page.evaluate(() => {
      const list = JSON.parse(localStorage.getItem('wishlist')!).slice(1);
      localStorage.setItem('wishlist', JSON.stringify(list));
      window.dispatchEvent(new StorageEvent('storage', { key: 'wishlist', newValue: JSON.stringify(list), storageArea: localStorage }));
    });
    await expect(page.getByRole('region', { name: 'My Wishlist (1)' })).toBeVisible();
  });

  test('account: Try Again tapped before React loads once, and text typed before React is kept', async ({ page, request, mailbox }) => {
    const email = newEmail('account-retry');
    const { token } = await createUser(request, mailbox, email);
    await storeSession(page, token);
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/users/me') && asked.push(r.url()));
    await page.route('**/api/users/me?*', (route) => route.fulfill({ status: 503, json: { success: false, message: 'Service Unavailable' } }), { times: 1 });
    const release = await holdReact(page);
    await page.goto('/account/');
    await expect(page.getByRole('alert').filter({ hasText: 'Your account could not be loaded' })).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    // The password typed while React is on its way.
    const current = page.getByLabel('Current password', { exact: true });
    await current.fill(PASSWORD);
    expect(asked).toHaveLength(1);
    release();
    await expect(page.getByTestId('account-profile')).toContainText(email);
    await expect(islandRoot(page, 'data-account-part')).toHaveAttribute('data-ready', '');
    await expect(current).toHaveValue(PASSWORD);
    await expect(current).toBeFocused();
    await page.waitForLoadState('networkidle');
    expect(asked).toHaveLength(2);
  });

  test('profile: the details are drawn with no React; React at the first interaction changes nothing', async ({ page, request, mailbox }) => {
    const email = newEmail('profile-early');
    const { token } = await createUser(request, mailbox, email);
    await storeSession(page, token);
    const react = reactRequests(page);
    const errors = pageErrors(page);
    await page.goto('/profile/');
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha Khan');
    await expect(page.getByTestId('profile-updated')).toHaveText('Last updated today');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(react).toEqual([]);

    const before = await drawnState(page, 'data-profile-card');
    const shot = await page.screenshot({ fullPage: true });
    await wake(page, 'data-profile-card');
    expect(react.length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(await drawnState(page, 'data-profile-card')).toEqual(before);
    expect(await page.screenshot({ fullPage: true })).toEqual(shot);
    expect(errors).toEqual([]);
  });

  test('profile: Edit Profile tapped before React opens the form once React is in', async ({ page, request, mailbox }) => {
    const { token } = await createUser(request, mailbox, newEmail('profile-tap'));
    await storeSession(page, token);
    const release = await holdReact(page);
    await page.goto('/profile/');
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha Khan');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Profile');
    await expect(page.getByRole('form', { name: 'Edit profile' })).toHaveCount(1);
    await expect(page.getByLabel('Full name')).toHaveValue('Ayesha Khan');
    // Cancel goes back to the drawn details: the tap was done once, not twice.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha Khan');
  });
});
