/**
 * The session in the browser, against the real API: the guards of the account pages without a
 * token, a revoked token forgotten, an account that cannot be loaded tried again, and the drawer's
 * Logout.
 */
import { test, expect as baseExpect } from './fixtures.ts';
import { createUser, newEmail, storeSession } from './accounts.ts';
import { stored } from './shopper.ts';
import { recordCalls } from './requests.ts';

// Hashing passwords (argon2id) and sending mail take a while on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test.describe('accounts', () => {
  test('guards: without a token /account goes to /register and /profile to /signin (to come back), asking the API nothing', async ({ page }) => {
    const calls = recordCalls(page);
    await page.goto('/account/');
    await page.waitForURL('/register/');
    await page.goto('/profile/');
    await page.waitForURL('/signin/?next=%2Fprofile%2F');
    expect(calls.filter((c) => c.includes('/api/users/me'))).toEqual([]);
    // The guard runs in the head, before the page's content is parsed.
    const html = await (await page.request.get('/account/')).text();
    expect(html.indexOf('location.replace')).toBeGreaterThan(-1);
    expect(html.indexOf('location.replace')).toBeLessThan(html.indexOf('<body'));
  });

  test('a revoked token (401) on the profile is forgotten and the shopper goes to /signin, to come back', async ({ page, request, mailbox }) => {
    const { token } = await createUser(request, mailbox, newEmail('revoked'));
    await storeSession(page, token);
    await page.evaluate(() => localStorage.setItem('userEmail', 'someone@example.pk'));
    expect((await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
    await page.goto('/profile/');
    await page.waitForURL('/signin/?next=%2Fprofile%2F');
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'userName')).toBeNull();
    expect(await stored(page, 'userEmail')).toBeNull();
  });

  test('when the account cannot be loaded (not a 401), the page says so and Try Again loads it', async ({ page, request, mailbox }) => {
    const { token } = await createUser(request, mailbox, newEmail('retry'));
    await storeSession(page, token);
    await page.route('**/api/users/me?*', (route) => route.fulfill({ status: 503, json: { success: false, message: 'Service Unavailable' } }), { times: 1 });
    await page.goto('/profile/');
    await expect(page.getByRole('alert')).toContainText('Your account could not be loaded');
    expect(await stored(page, 'token')).toBe(token);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha Khan');
  });

  test('the drawer Logout signs out through the API', { tag: '@phone-only' }, async ({ page, request, mailbox }) => {
    const { token } = await createUser(request, mailbox, newEmail('drawer'));
    await storeSession(page, token);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout'));
    await Promise.all([page.waitForEvent('load'), page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click()]);
    expect((await logout).headers().authorization).toBe(`Bearer ${token}`);
    expect(await stored(page, 'token')).toBeNull();
    expect((await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  });
});
