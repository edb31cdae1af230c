/**
 * A session that lapses (its token revoked from another device), against the real API: on the
 * pages anyone may see the shopper stays where they are, as a guest with the cart and wishlist they
 * saw, told once; the account pages ask to sign in and come back after it; sign-in again does not
 * double the account's lines; the checkout goes on as a guest's.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import { PASSWORD, createUser, newEmail } from './accounts.ts';
import { details, field, fillCheckout, placeGuestOrder, placements, productFor } from './checkout.ts';
import { lineOf, stored, storedList, wishOf } from './shopper.ts';
import { form } from './reviews.ts';
import type { Product } from '#lib/schemas/catalog.ts';
import { paths } from '#lib/paths.ts';
import { SIGNED_OUT_NOTICE } from '#features/session/api.ts';

// Hashing passwords (argon2id) and sending mail take a while on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 150_000 });

const NEW_PASSWORD = 'Changed456!';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function serverCart(request: APIRequestContext, token: string): Promise<Record<string, number>> {
  const reply = await request.get('/api/cart', { headers: auth(token) });
  return Object.fromEntries(((await reply.json()).cart as { productId: string; quantity: number }[]).map((l) => [l.productId, l.quantity]));
}

/**
 * An account signed in in this browser whose cart (a ×2, b ×1: two lines) and wishlist (b) are on the server
 * and in the browser's copy, as the sync leaves them.
 */
async function signedInWithLists(page: Page, request: APIRequestContext, mailbox: Parameters<typeof createUser>[1], label: string, [a, b]: [Product, Product]) {
  const email = newEmail(label);
  const { token, user } = await createUser(request, mailbox, email);
  await request.post('/api/cart', { headers: auth(token), data: { items: [{ productId: a._id, quantity: 2 }, { productId: b._id, quantity: 1 }] } });
  await request.post('/api/wishlist', { headers: auth(token), data: { productIds: [b._id] } });
  await page.goto('/about/');
  await page.evaluate(
    ([t, name, mail, cart, wishlist]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userName', name);
      localStorage.setItem('userEmail', mail);
      localStorage.setItem('syncAccountLists', '1');
      localStorage.setItem('guestCart', cart);
      localStorage.setItem('wishlist', wishlist);
    },
    [token, user.name, email, JSON.stringify([lineOf(a, 2), lineOf(b, 1)]), JSON.stringify([wishOf(b)])] as const,
  );
  return { token, email, userId: user.id };
}

/** Another device signs in and changes the password: every other session, this browser's too, ends. */
async function changePasswordElsewhere(request: APIRequestContext, email: string, userId: string): Promise<void> {
  const login = await request.post('/api/users/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = await login.json();
  const changed = await request.put(`/api/users/profile/${encodeURIComponent(userId)}/password`, {
    headers: auth(token),
    data: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  });
  expect(changed.ok()).toBe(true);
}

const notice = (page: Page) => page.locator('[data-toasts]').getByText(SIGNED_OUT_NOTICE);

/** The calls the page sends with a token. */
function tokenCalls(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.headers().authorization) seen.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return seen;
}

/** A guest's header: no signed-in mark, and on a wide screen the header's Sign In link. */
async function expectGuestHeader(page: Page): Promise<void> {
  await expect(page.locator('html')).not.toHaveAttribute('data-signed-in');
  if ((page.viewportSize()?.width ?? 0) >= 640) await expect(page.locator('[data-site-header]').getByRole('link', { name: 'Sign In' })).toBeVisible();
}

test.describe('a lapsed session', () => {
  test('on the home page the shopper stays, as a guest with their cart and wishlist, told once; signing in again doubles nothing', { tag: '@widths' }, async ({ page, request, catalog, mailbox }) => {
    const [a, b] = [await productFor(catalog, 30), await productFor(catalog, 31)];
    const { token, email, userId } = await signedInWithLists(page, request, mailbox, 'lapsed-home', [a, b]);
    await changePasswordElsewhere(request, email, userId);

    await page.goto('/');
    await expect(notice(page)).toHaveCount(1);
    await expect(page).toHaveURL('/');
    await expectGuestHeader(page);
    expect(await stored(page, 'token')).toBeNull();
    await expect(page.locator('[data-cart-count]').first()).toHaveText('2');
    await page.screenshot({ path: `/tmp/lapsed/home-${test.info().project.name}.png` });

    // The next pages send no token, so nothing can say it again.
    const calls = tokenCalls(page);
    await page.goto(paths.product(a._id));
    await expect(page.getByRole('heading', { level: 1, name: a.name })).toBeVisible();
    await expectGuestHeader(page);
    await expect(notice(page)).toHaveCount(0);
    await page.goto('/cart/');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-line').filter({ hasText: a.name }).getByTestId('line-quantity')).toHaveText('2');
    await page.goto('/wishlist/');
    await expect(page.getByRole('link', { name: b.name }).first()).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
    expect(calls).toEqual([]);

    // Signing in again (with the new password) sets the account's lines to what the shopper saw.
    await page.goto(paths.signin());
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('/');
    const fresh = await stored(page, 'token');
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(token);
    await expect.poll(() => serverCart(request, fresh!)).toEqual({ [a._id]: 2, [b._id]: 1 });
    await page.goto('/cart/');
    await expect(page.getByTestId('cart-line').filter({ hasText: a.name }).getByTestId('line-quantity')).toHaveText('2');
  });

  test('a product, a category and the order tracking page each stay put, as a guest\'s, told once', async ({ page, request, catalog, mailbox }) => {
    const [a, b] = [await productFor(catalog, 32), await productFor(catalog, 33)];
    const order = await placeGuestOrder(request, await productFor(catalog, 34));
    const category = (await catalog.categories())[0]!;
    for (const [label, path] of [
      ['product', paths.product(a._id)],
      ['category', paths.category(category._id)],
      ['tracking', paths.orderStatus(order._id)],
    ] as const) {
      const { token } = await signedInWithLists(page, request, mailbox, `lapsed-${label}`, [a, b]);
      // Signed out from another device: the token is revoked.
      expect((await request.post('/api/auth/logout', { headers: auth(token) })).ok()).toBe(true);
      await page.goto(path);
      await expect(notice(page), label).toHaveCount(1);
      await expect(page, label).toHaveURL(path);
      await expectGuestHeader(page);
      expect(await stored(page, 'token'), label).toBeNull();
      await expect(page.locator('[data-cart-count]').first(), label).toHaveText('2');
      if (label === 'tracking') await expect(page.getByTestId('order-status')).toHaveAttribute('data-view', 'order');
      await page.screenshot({ path: `/tmp/lapsed/${label}-${test.info().project.name}.png` });
      await page.evaluate(() => localStorage.clear());
    }
  });

  test('the review form finding the session lapsed keeps the shopper on the product, with their lists, told once', async ({ page, request, catalog, mailbox }) => {
    const [a, b] = [await productFor(catalog, 42), await productFor(catalog, 43)];
    const { token } = await signedInWithLists(page, request, mailbox, 'lapsed-review', [a, b]);
    // The lists' calls get no answer, so the review form's lookup is the first to find the session ended.
    for (const path of ['**/api/cart', '**/api/wishlist']) await page.route(path, (route) => route.abort());
    expect((await request.post('/api/auth/logout', { headers: auth(token) })).ok()).toBe(true);
    const lookup = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/me');
    await page.goto(paths.product(a._id));
    await form(page).getByLabel('Your review').fill('Fresh and good.');
    expect((await lookup).status()).toBe(401);
    await expect(notice(page)).toHaveCount(1);
    await expect(page).toHaveURL(paths.product(a._id));
    expect(await stored(page, 'token')).toBeNull();
    expect(await storedList(page, 'guestCart')).toHaveLength(2);
    expect(await storedList(page, 'wishlist')).toHaveLength(1);
    await expect(form(page).getByLabel('Your review')).toHaveValue('Fresh and good.');
  });

  test('the account page asks to sign in and comes back after it; a lapsed profile too', async ({ page, request, catalog, mailbox }) => {
    const [a, b] = [await productFor(catalog, 35), await productFor(catalog, 36)];
    const { token, email } = await signedInWithLists(page, request, mailbox, 'lapsed-account', [a, b]);
    expect((await request.post('/api/auth/logout', { headers: auth(token) })).ok()).toBe(true);
    await page.goto('/account/');
    await page.waitForURL('/signin/?next=%2Faccount%2F');
    await page.screenshot({ path: `/tmp/lapsed/account-signin-${test.info().project.name}.png` });
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('/account/');
    await expect(page.getByTestId('account-wishlist').getByRole('link', { name: b.name })).toBeVisible();
    // Nothing doubled by the sign-in: the lines kept from the lapse were set, not added.
    const fresh = (await stored(page, 'token'))!;
    await expect.poll(() => serverCart(request, fresh)).toEqual({ [a._id]: 2, [b._id]: 1 });

    expect((await request.post('/api/auth/logout', { headers: auth(fresh) })).ok()).toBe(true);
    await page.goto('/profile/');
    await page.waitForURL('/signin/?next=%2Fprofile%2F');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('/profile/');
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha Khan');
  });

  test('the Sign In link brings the shopper back to the page they followed it from', { tag: '@widths' }, async ({ page, request, catalog, mailbox }) => {
    const email = newEmail('signin-back');
    await createUser(request, mailbox, email);
    const product = await productFor(catalog, 41);
    await page.goto(paths.product(product._id));
    if ((page.viewportSize()?.width ?? 0) >= 640) await page.locator('[data-site-header]').getByRole('link', { name: 'Sign In' }).click();
    else {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign In' }).click();
    }
    await page.waitForURL(paths.signin());
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(paths.product(product._id));
    await expect(page.locator('html')).toHaveAttribute('data-signed-in', '');
  });

  test('a return path to another site is refused: sign-in goes home', async ({ page, request, mailbox }) => {
    const email = newEmail('lapsed-next');
    await createUser(request, mailbox, email);
    await page.goto('/signin/?next=%2F%2Fevil.example%2F');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('/');
  });

  test('the checkout goes on as a guest\'s: the fields keep what they hold and the order is placed as a guest\'s', async ({ page, request, catalog, mailbox }) => {
    const [a, b] = [await productFor(catalog, 37), await productFor(catalog, 38)];
    const { token, email } = await signedInWithLists(page, request, mailbox, 'lapsed-checkout', [a, b]);
    expect((await request.post('/api/auth/logout', { headers: auth(token) })).ok()).toBe(true);
    const placed = placements(page);
    await page.goto(paths.checkout());
    await expect(notice(page)).toHaveCount(1);
    await expect(page).toHaveURL(paths.checkout());
    expect(await stored(page, 'token')).toBeNull();
    // The stored details were put in before the session was found ended: they stay, and can be changed.
    await expect(field(page, 'guestInfo.email')).toHaveValue(email);
    await expect(field(page, 'guestInfo.name')).toBeEditable();
    const { 'guestInfo.name': _name, 'guestInfo.email': _email, ...rest } = details(email);
    await fillCheckout(page, rest);
    await page.screenshot({ path: `/tmp/lapsed/checkout-${test.info().project.name}.png` });
    await page.getByRole('button', { name: /Place Order/i }).click();
    await page.waitForURL(/\/order\/success\//);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.auth).toBeUndefined();
  });

  test('a session that lapses unseen while the form is filled: Place Order places it as a guest\'s, nothing to type again', async ({ page, request, catalog, mailbox }) => {
    const [a, b] = [await productFor(catalog, 39), await productFor(catalog, 40)];
    const { token, email } = await signedInWithLists(page, request, mailbox, 'lapsed-placing', [a, b]);
    // Nothing the page asks with the token before the placement gets through (as on a flaky
    // connection), so the placement is the first call to find the session ended.
    for (const path of ['**/api/cart', '**/api/wishlist', '**/api/users/me*']) await page.route(path, (route) => route.abort());
    expect((await request.post('/api/auth/logout', { headers: auth(token) })).ok()).toBe(true);
    const placed = placements(page);
    await page.goto(paths.checkout());
    const { 'guestInfo.name': _name, 'guestInfo.email': _email, ...rest } = details(email);
    await fillCheckout(page, rest);
    await page.getByRole('button', { name: /Place Order/i }).click();
    await page.waitForURL(/\/order\/success\//);
    expect(placed.map((p) => p.auth)).toEqual([`Bearer ${token}`, undefined]);
    expect(placed[0]!.key).not.toBe(placed[1]!.key);
    expect(await stored(page, 'token')).toBeNull();
  });
});
