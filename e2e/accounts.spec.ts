/**
 * Accounts in the browser against the real API and a real SMTP server (the `mailbox`
 * fixture reads what the store mailed): register with the e-mailed code, sign out through the
 * profile menu, sign in, forgot and reset the password through the e-mailed link; the guards, the
 * 401 path, the social buttons, the password rules without a call, the profile and account pages,
 * and axe on every new page.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import type { Mailbox } from './mail.ts';
import { axeViolations } from './axe.ts';

// Hashing passwords (argon2id) and sending mail take a while on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'Secret123!';
const CODE_SUBJECT = /verification code/i;
const RESET_SUBJECT = 'Reset your Kiryana password';

/** An address no other test (nor the other project's run of this one) uses. */
function newEmail(label: string): string {
  return `${label}-${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.pk`;
}

/** The 6-digit code of the newest verification mail to `email`. */
async function mailedCode(mailbox: Mailbox, email: string): Promise<string> {
  const mail = await mailbox.waitFor(email, { subject: CODE_SUBJECT });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();
  expect(mail.subject).toBe(`Your Kiryana verification code: ${code}`);
  return code!;
}

/** A verified account made through the API, signed in: its token and user. */
async function createAccount(request: APIRequestContext, mailbox: Mailbox, email: string, name = 'Ayesha Khan') {
  const registered = await request.post('/api/users/register', { data: { name, email, password: PASSWORD } });
  expect(registered.status()).toBe(201);
  const { userId } = await registered.json();
  const verified = await request.post('/api/users/verify', { data: { userId, verificationCode: await mailedCode(mailbox, email) } });
  expect(verified.ok()).toBeTruthy();
  const { token, user } = await verified.json();
  return { token: token as string, user: user as { id: string; name: string; email: string; createdAt: string } };
}

/** Stores a session in the browser as sign-in does. */
async function useSession(page: Page, token: string, name = 'Ayesha Khan') {
  await page.goto('/about/');
  await page.evaluate(
    ([t, n]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userName', n);
    },
    [token, name],
  );
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Records the API calls a page makes (method and path). */
function recordCalls(page: Page) {
  const calls: string[] = [];
  const listen = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}`);
  };
  page.on('request', listen);
  return calls;
}

/** Holds the first request to `path` until `release()` is called (to see a waiting state without timing). */
async function holdRequest(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(
    `**${path}`,
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

test.describe('accounts', () => {
  test('the whole journey: register with the mailed code, sign out, sign in, forget and reset the password', async ({ page, mailbox }) => {
    const email = newEmail('journey');

    // Register, step 1.
    await page.goto('/register/');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Full name').fill('Ayesha Khan');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Phone (optional)').fill('0300 1234567');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('abc');
    await expect(page.getByTestId('strength-label')).toHaveText('Weak');
    await password.fill('abcdefgh');
    await expect(page.getByTestId('strength-label')).toHaveText('Fair');
    await password.fill('Abcdefgh');
    await expect(page.getByTestId('strength-label')).toHaveText('Good');
    await password.fill(PASSWORD);
    await expect(page.getByTestId('strength-label')).toHaveText('Strong');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    // The terms are required: the browser stops the form and nothing is sent.
    const calls = recordCalls(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await page.getByLabel(/I agree to the Terms of Service/).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    expect(calls).toEqual([]);
    await page.getByLabel(/I agree to the Terms of Service/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    // Step 2: the code from the mail.
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    const code = await mailedCode(mailbox, email);
    const box = page.getByLabel('Verification code');
    const verify = page.getByRole('button', { name: 'Verify' });
    await expect(box).toHaveAttribute('maxlength', '6');
    await box.fill(code.slice(0, 5));
    await expect(verify).toBeDisabled();
    await box.fill(code);
    await expect(verify).toBeEnabled();
    await verify.click();
    await expect(page.getByText('Your e-mail is verified.', { exact: false })).toBeVisible();
    await page.waitForURL('/');
    expect(await stored(page, 'token')).toBeTruthy();
    expect(await stored(page, 'userName')).toBe('Ayesha Khan');
    expect(await stored(page, 'userEmail')).toBe(email);
    expect(await stored(page, 'userPhone')).toBe('0300 1234567');

    // Sign out through the header's profile menu: the token is revoked on the server too.
    const token = (await stored(page, 'token'))!;
    const header = page.locator('[data-site-header]');
    await header.getByRole('button', { name: 'Account' }).click();
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout') && r.method() === 'POST');
    await Promise.all([page.waitForEvent('load'), page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Logout' }).click()]);
    expect((await logout).headers().authorization).toBe(`Bearer ${token}`);
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'userEmail')).toBeNull();
    expect((await page.request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);

    // Sign in: 'Signing In...' while the server answers, then home after 1 s.
    await page.goto('/signin/');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const release = await holdRequest(page, '/api/users/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    release();
    await expect(page.getByText('Signed in.', { exact: false })).toBeVisible();
    await page.waitForURL('/');
    await expect(header.getByRole('button', { name: 'Account' })).toBeVisible();

    // Forgot the password: the mailed link opens the reset page.
    await page.goto('/forgotpassword/');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('If an account exists for that e-mail, we have sent a link to reset the password.')).toBeVisible();
    const mail = await mailbox.waitFor(email, { subject: RESET_SUBJECT });
    const link = /https?:\/\/\S+\/passwordreset\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();

    const beforeReset = await stored(page, 'token');
    expect(beforeReset).toBeTruthy();
    // Passwords that differ: the message, and no call.
    const resetCalls = recordCalls(page);
    await page.getByLabel('New password', { exact: true }).fill('N3w-Secret!');
    await page.getByLabel('Confirm password', { exact: true }).fill('N3w-Secret?');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
    expect(resetCalls).toEqual([]);
    await page.getByLabel('Confirm password', { exact: true }).fill('N3w-Secret!');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Your password has been reset. Please sign in.', { exact: false })).toBeVisible();
    expect(resetCalls).toEqual([expect.stringMatching(/^PUT \/api\/users\/passwordreset\//)]);
    await page.waitForURL('/signin/');
    // The reset signed every session out, this browser's too: the server refuses the token, and the
    // cart and wishlist sync's first call finds that out and forgets it (then opens /signin again).
    expect((await page.request.get('/api/users/me', { headers: { Authorization: `Bearer ${beforeReset}` } })).status()).toBe(401);
    await page.waitForFunction(() => localStorage.getItem('token') === null);
    await page.goto('/signin/');

    // The old password no longer works; the new one does.
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid e-mail or password.');
    await page.getByLabel('Password', { exact: true }).fill('N3w-Secret!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('/');
    expect((await page.request.get('/api/users/me', { headers: { Authorization: `Bearer ${await stored(page, 'token')}` } })).ok()).toBe(true);
  });

  test('sign-in of an account not verified yet asks for the mailed code, and Resend sends a fresh one', async ({ page, request, mailbox }) => {
    const email = newEmail('unverified');
    expect((await request.post('/api/users/register', { data: { name: 'Bilal', email, password: PASSWORD } })).status()).toBe(201);
    const first = await mailedCode(mailbox, email);
    await page.goto('/signin/');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
    await expect(page.getByText(`Please verify your e-mail first. We sent a new code to ${email}.`)).toBeVisible();
    const second = await mailedCode(mailbox, email);
    // Back to sign in keeps what was typed; signing in again asks for the code again.
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeVisible();
    const again = await mailedCode(mailbox, email);
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByRole('status').filter({ hasText: `We sent a new code to ${email}.` })).toBeVisible();
    const third = await mailedCode(mailbox, email);
    // A resent code replaces the one before (and the sign-in's code replaced the registration's).
    for (const old of [first, second, again]) {
      await page.getByLabel('Verification code').fill(old);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('alert')).toHaveText('The code is not right. Please check it and try again.');
    }
    await page.getByLabel('Verification code').fill(third);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('/');
    expect(await stored(page, 'userEmail')).toBe(email);
  });

  test('errors: a wrong password and a taken e-mail show the server message', async ({ page, request, mailbox }) => {
    const email = newEmail('errors');
    await createAccount(request, mailbox, email);
    await page.goto('/signin/');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password.');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(await stored(page, 'token')).toBeNull();

    await page.goto('/register/');
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/I agree/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'An account with this e-mail already exists. Please sign in.' })).toBeVisible();
  });

  test('guards: without a token /account goes to /register and /profile to /signin, asking the API nothing', async ({ page }) => {
    const calls = recordCalls(page);
    await page.goto('/account/');
    await page.waitForURL('/register/');
    await page.goto('/profile/');
    await page.waitForURL('/signin/');
    expect(calls.filter((c) => c.includes('/api/users/me'))).toEqual([]);
    // The guard runs in the head, before the page's content is parsed.
    const html = await (await page.request.get('/account/')).text();
    expect(html.indexOf('location.replace')).toBeGreaterThan(-1);
    expect(html.indexOf('location.replace')).toBeLessThan(html.indexOf('<body'));
  });

  test('a revoked token (401) is forgotten and the shopper goes to /signin', async ({ page, request, mailbox }) => {
    const { token } = await createAccount(request, mailbox, newEmail('revoked'));
    await useSession(page, token);
    await page.evaluate(() => localStorage.setItem('userEmail', 'someone@example.pk'));
    expect((await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
    await page.goto('/profile/');
    await page.waitForURL('/signin/');
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'userName')).toBeNull();
    expect(await stored(page, 'userEmail')).toBeNull();
  });

  test('when the account cannot be loaded (not a 401), the page says so and Try Again loads it', async ({ page, request, mailbox }) => {
    const { token } = await createAccount(request, mailbox, newEmail('retry'));
    await useSession(page, token);
    await page.route('**/api/users/me?*', (route) => route.fulfill({ status: 503, json: { success: false, message: 'Service Unavailable' } }), { times: 1 });
    await page.goto('/profile/');
    await expect(page.getByRole('alert')).toContainText('Your account could not be loaded');
    expect(await stored(page, 'token')).toBe(token);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha Khan');
  });

  test('the social buttons say the provider is not connected, and sign no one in', async ({ page }) => {
    await page.goto('/signin/');
    for (const provider of ['Google', 'Facebook', 'Apple']) {
      await page.getByRole('button', { name: provider, exact: true }).click();
      await expect(page.getByTestId('social-note')).toHaveText(`Sign-in with ${provider} is not connected yet. Please use your e-mail and password.`);
    }
    await expect(page).toHaveURL(/\/signin\/$/);
    expect(await stored(page, 'token')).toBeNull();
    // The links of the page.
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotpassword/');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register/');
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service/');
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy/');
    await expect(page.getByLabel('Remember me')).toBeVisible();
  });

  test('a form sent before its island has hydrated is held, then sent by the island', async ({ page, request, mailbox }) => {
    const email = newEmail('early');
    await createAccount(request, mailbox, email);
    // The island's code waits until the form has been sent the ordinary way.
    const release = await holdRequest(page, '/_astro/SignInForm*.js');
    await page.goto('/signin/');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.locator('form[data-held]')).toHaveCount(1);
    await expect(page).toHaveURL(/\/signin\/$/);
    release();
    await page.waitForURL('/');
    expect(await stored(page, 'userEmail')).toBe(email);
  });

  test('profile: view and edit modes, Cancel restores, Save keeps it on the server and in the browser', async ({ page, request, mailbox }) => {
    const email = newEmail('profile');
    const { token, user } = await createAccount(request, mailbox, email);
    await useSession(page, token);
    // The account as if last changed in September: the page says when, from the account's own date.
    await page.route(/\/api\/users\/me(\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, data: { ...body.data, updatedAt: '2026-09-14T10:00:00.000Z' } } });
    });
    await page.goto('/profile/');
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha Khan');
    await expect(page.getByTestId('profile-updated')).toHaveText('Last updated on 14 Sept 2026');
    expect(await stored(page, 'userJoinDate')).toBe(user.createdAt);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full name').fill('Changed Name');
    await page.getByLabel('Address').fill('Somewhere else');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha Khan');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('Full name')).toHaveValue('Ayesha Khan');
    await expect(page.getByLabel('Address')).toHaveValue('');

    await page.getByLabel('Full name').fill('Ayesha K.');
    await page.getByLabel('Phone').fill('0321 7654321');
    await page.getByLabel('Address').fill('House 5, Street 2, Gulberg, Lahore');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated.' })).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText('Ayesha K.');
    await expect(page.getByTestId('profile-updated')).toHaveText('Last updated today');
    expect(await stored(page, 'userAddress')).toBe('House 5, Street 2, Gulberg, Lahore');
    expect(await stored(page, 'userName')).toBe('Ayesha K.');
    expect(await stored(page, 'userPhone')).toBe('0321 7654321');
    const me = await (await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(me.data).toMatchObject({ name: 'Ayesha K.', phone: '0321 7654321', address: 'House 5, Street 2, Gulberg, Lahore' });
  });

  test('account: profile, order history, wishlist and the password change', async ({ page, request, mailbox, catalog }) => {
    const email = newEmail('account');
    const { token } = await createAccount(request, mailbox, email);
    await useSession(page, token);
    const [product] = await catalog.products();
    await page.evaluate(
      (p) =>
        localStorage.setItem(
          'wishlist',
          JSON.stringify([{ _id: p._id, name: p.name, price: p.price, discount: p.discount, image: p.images?.[0] ?? '', stock: p.stock }]),
        ),
      product,
    );
    await page.goto('/account/');
    await expect(page.getByTestId('account-profile')).toContainText(email);
    await expect(page.getByRole('region', { name: 'Order History' })).toContainText('No orders yet');
    const wishlist = page.getByRole('region', { name: /My Wishlist/ });
    await expect(wishlist.getByRole('link', { name: product.name })).toHaveAttribute('href', `/product/${product._id}/`);
    await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/');

    // Mismatch: the message beside the field and in the alert, and no call.
    const form = page.getByRole('form', { name: 'Change Password' });
    const calls = recordCalls(page);
    await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill('Another1!');
    await form.getByLabel('Confirm new password', { exact: true }).fill('Another2!');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Passwords do not match');
    await expect(form.getByLabel('Confirm new password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // No password call (the cart and wishlist sync of a signed-in shopper may read at any time).
    expect(calls.filter((c) => !/^GET \/api\/(cart|wishlist)$/.test(c))).toEqual([]);
    // A wrong current password: the server's message.
    await form.getByLabel('Current password', { exact: true }).fill('wrong-password');
    await form.getByLabel('Confirm new password', { exact: true }).fill('Another1!');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('alert')).toHaveText('The current password is not right.');
    await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Password changed. Other devices were signed out.' })).toBeVisible();
    // This session stays; the new password signs in.
    expect((await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
    expect((await request.post('/api/users/login', { data: { email, password: 'Another1!' } })).ok()).toBe(true);

    // Logout from the account page's bar.
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Logout' }).click()]);
    await page.waitForURL('/register/');
    expect(await stored(page, 'token')).toBeNull();
  });

  test('the drawer Logout signs out through the API', { tag: '@phone-only' }, async ({ page, request, mailbox }) => {
    const { token } = await createAccount(request, mailbox, newEmail('drawer'));
    await useSession(page, token);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout'));
    await Promise.all([page.waitForEvent('load'), page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click()]);
    expect((await logout).headers().authorization).toBe(`Bearer ${token}`);
    expect(await stored(page, 'token')).toBeNull();
    expect((await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  });

  test('signed in with a long e-mail, the account and profile pages fit a 320 px screen', { tag: '@phone-only' }, async ({ page, request, mailbox }) => {
    const email = newEmail('a-rather-long-address-for-a-narrow-phone-screen');
    const { token } = await createAccount(request, mailbox, email, 'Muhammad Abdul Rehman Siddiqui');
    await page.setViewportSize({ width: 320, height: 640 });
    await useSession(page, token);
    for (const path of ['/account/', '/profile/']) {
      await page.goto(path);
      await expect(page.getByText(email).first()).toBeAttached();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('a reset link that does not work says so as the page opens, before any password is typed', async ({ page }) => {
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/users/passwordreset/')) checks.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const made = 'A'.repeat(43);
    await page.goto(`/passwordreset/${made}`);
    await expect(page.getByRole('alert')).toHaveText('This reset link is not valid or has expired. Please ask for a new one.');
    await expect(page.getByLabel('New password', { exact: true })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotpassword/');
    expect(checks).toEqual([`GET /api/users/passwordreset/${made}`]);
    await page.goto('/passwordreset/');
    await expect(page.getByRole('alert')).toHaveText('This reset link is not complete. Please ask for a new one.');
    await expect(page.getByLabel('New password', { exact: true })).toBeHidden();
  });

  test('axe: no WCAG 2.1 A/AA violation on any accounts page', async ({ page, request, mailbox }) => {
    const found: string[] = [];
    const audit = async (label: string) => found.push(...(await axeViolations(page)).map((v) => `${label}: ${v}`));
    for (const path of ['/signin/', '/register/', '/forgotpassword/', '/passwordreset/some-token']) {
      await page.goto(path);
      await audit(path);
    }
    // With messages showing: a failed sign-in, the social note, a mismatch.
    await page.goto('/signin/');
    await page.getByLabel('E-mail').fill('nobody@example.pk');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).not.toBeEmpty();
    await page.getByRole('button', { name: 'Google', exact: true }).click();
    await audit('/signin/ with messages');
    // A made-up link says so as the page opens; with a link the store takes, the form's mismatch.
    await page.goto('/passwordreset/some-token');
    await expect(page.getByRole('alert').filter({ hasText: 'not valid or has expired' })).toBeVisible();
    await audit('/passwordreset/ with a dead link');
    await page.route(/\/api\/users\/passwordreset\//, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: { success: true, message: 'ok' } }) : route.continue()));
    await page.goto('/passwordreset/some-token');
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password', { exact: true }).fill('abd');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await audit('/passwordreset/ with a mismatch');
    // Registration's step 2.
    const email = newEmail('axe');
    await page.goto('/register/');
    await page.getByLabel('Full name').fill('Axe Tester');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/I agree/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await audit('/register/ step 2');
    // Signed in: account and profile (view and edit).
    const { token } = await createAccount(request, mailbox, newEmail('axe-signed-in'));
    await useSession(page, token);
    await page.goto('/account/');
    await expect(page.getByTestId('account-profile')).toBeVisible();
    await audit('/account/');
    await page.goto('/profile/');
    await expect(page.getByTestId('profile-name')).toBeVisible();
    await audit('/profile/');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await audit('/profile/ editing');
    expect(found).toEqual([]);
  });
});
