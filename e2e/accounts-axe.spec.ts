/**
 * axe on every accounts page: sign-in, registration (both steps), the forgotten and reset password
 * pages, with their messages showing, and the account and profile pages signed in.
 */
import { test, expect as baseExpect } from './fixtures.ts';
import { createUser, newEmail, PASSWORD, storeSession } from './accounts.ts';
import { axeViolations } from './axe.ts';

// Hashing passwords (argon2id) and sending mail take a while on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

test.describe('accounts', () => {
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
    const { token } = await createUser(request, mailbox, newEmail('axe-signed-in'));
    await storeSession(page, token);
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
