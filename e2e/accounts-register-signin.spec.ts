/**
 * Registering, signing in and resetting the password in the browser, against the real API and a
 * real SMTP server (the `mailbox` fixture reads what the store mailed): the whole journey with the
 * e-mailed code and link, an account not verified yet, the server's messages, the social buttons,
 * a form sent before its island has hydrated, and a reset link that does not work.
 */
import { test, expect as baseExpect } from './fixtures.ts';
import { createUser, mailedCode, newEmail, PASSWORD } from './accounts.ts';
import { stored } from './shopper.ts';
import { holdRequest, recordCalls } from './requests.ts';

// Hashing passwords (argon2id) and sending mail take a while on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

const RESET_SUBJECT = 'Reset your Kiryana password';

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
    expect(await stored(page, 'userPhone')).toBe('+923001234567');

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
    await createUser(request, mailbox, email);
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
    await createUser(request, mailbox, email);
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

  test('a reset link that does not work says so as the page opens, before any password is typed', async ({ page }) => {
    const calls = recordCalls(page);
    const made = 'A'.repeat(43);
    await page.goto(`/passwordreset/${made}`);
    await expect(page.getByRole('alert')).toHaveText('This reset link is not valid or has expired. Please ask for a new one.');
    await expect(page.getByLabel('New password', { exact: true })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotpassword/');
    expect(calls.filter((call) => call.includes(' /api/users/passwordreset/'))).toEqual([`GET /api/users/passwordreset/${made}`]);
    await page.goto('/passwordreset/');
    await expect(page.getByRole('alert')).toHaveText('This reset link is not complete. Please ask for a new one.');
    await expect(page.getByLabel('New password', { exact: true })).toBeHidden();
  });
});
