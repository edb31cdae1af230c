/**
 * The staff pages end to end, as the shop's first owner and a packer meet them: the owner made by
 * the operator channel accepts the mailed invitation, signs in, sets up the authenticator (QR code,
 * the key readable at a phone's width, ten recovery codes), signs out and in with a code, sees a
 * replayed code refused, signs in with a recovery code; invites a packer, who accepts, signs in and
 * sees only Orders; changes the packer's role and removes them; and the audit trail lists it all.
 * No page script can read the staff cookie; axe finds nothing on any page on the way.
 */
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { invitationLink, operatorInvite, signInWithPassword, STAFF_PASSWORD, staffEmail, totpCode } from './staff.ts';

// Password hashing (argon2id) and mail take a while on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 180_000 });

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link');

// The pages' way through sign-in and membership; on PostgreSQL the same changes are held by staff-done's
// story and the staff API tests (sign-in, replayed and recovery codes, roles), so one database here.
test('the owner from the command line runs the staff: sign-in with an authenticator, an invited packer, roles, removal, the audit trail', { tag: '@one-database' }, async ({ page, browser, request, mailbox }) => {
  const found: string[] = [];
  const audit = async (label: string) => found.push(...(await axeViolations(page)).map((v) => `${label}: ${v}`));
  const owner = staffEmail('owner');

  // The first owner: `npm run staff -- add` through the running store; the link comes by mail.
  await operatorInvite(request, owner, 'owner');
  await page.goto(await invitationLink(mailbox, owner));
  await expect(page).toHaveTitle('Join the staff · Kiryana staff');
  await page.getByRole('button', { name: 'Join the staff' }).click();
  await expect(page.getByText('Please enter your name.').first()).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();
  await audit('accept with messages');
  await page.getByLabel('Your name').fill('Ayesha Owner');
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Join the staff' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Ayesha Owner' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  await audit('accept done');

  // A wrong password: the same words as for an unknown e-mail; the right one goes on to the set-up.
  await signInWithPassword(page, owner, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('The e-mail or password is not right.');
  await audit('sign-in refused');
  await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/staff/setup/');
  expect(await page.evaluate(() => document.cookie)).not.toContain('kiryana_staff');

  // The set-up: a QR code, and the key as text in groups that fit a phone's width.
  await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
  const keyBox = page.getByTestId('totp-key');
  const secret = (await keyBox.innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await keyBox.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await audit('set-up');
  await page.getByLabel('6-digit code').fill('000000' === totpCode(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).not.toBeEmpty();
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts();
  await audit('recovery codes');

  // Signed in, the owner sees every page in the bar; then signs out.
  await page.getByRole('link', { name: 'I have kept them: continue' }).click();
  await page.goto('/staff/members/');
  await expect(navLinks(page)).toHaveText(['Orders', 'Products', 'Stock', 'Categories', 'Files', 'Search words', 'Reviews', 'Reports', 'Staff', 'Audit']);
  await expect(page.getByTestId('staff-who')).toContainText('Ayesha Owner');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/staff/');

  // Back in with the app's next code; the same code again is refused; a recovery code works.
  const code = totpCode(secret, 1);
  await signInWithPassword(page, owner);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(page.getByLabel('Code from your app')).toBeFocused();
  await audit('code step');
  await page.getByLabel('Code from your app').fill(code);
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await page.waitForURL('**/staff/orders/');
  await page.goto('/staff/members/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/staff/');
  await signInWithPassword(page, owner);
  await page.getByLabel('Code from your app').fill(code);
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await expect(page.getByRole('alert')).toContainText('was used already');
  await expect(page.getByLabel('Code from your app')).toBeFocused();
  await audit('code refused');
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]);
  await page.getByRole('button', { name: 'Confirm code' }).click();
  await page.waitForURL('**/staff/orders/');

  // The owner invites a packer; the mail arrives; the packer joins and signs in on a phone of their own.
  const packer = staffEmail('packer');
  await page.goto('/staff/members/');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await audit('members with messages');
  await page.getByLabel('E-mail').fill(packer);
  await page.getByLabel('Role', { exact: true }).selectOption('packer');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We e-mailed an invitation to ${packer}` })).toBeVisible();
  // Until it is accepted, the invitation is listed with its role.
  await expect(page.getByTestId('staff-invites').getByRole('listitem').filter({ hasText: packer })).toContainText('packer');
  const packerLink = await invitationLink(mailbox, packer);

  const phone = await browser.newContext({ viewport: page.viewportSize(), baseURL: new URL(page.url()).origin });
  const packerPage = await phone.newPage();
  await packerPage.goto(packerLink);
  await packerPage.getByLabel('Your name').fill('Bilal Packer');
  await packerPage.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await packerPage.getByRole('button', { name: 'Join the staff' }).click();
  await expect(packerPage.getByRole('heading', { name: 'Welcome, Bilal Packer' })).toBeVisible();
  await signInWithPassword(packerPage, packer);
  await packerPage.waitForURL('**/staff/orders/');
  await packerPage.goto('/staff/members/');
  await expect(navLinks(packerPage)).toHaveText(['Orders']);
  await expect(packerPage.getByTestId('staff-refused')).toHaveText('Your role does not allow this.');
  await packerPage.goto('/staff/audit/');
  await expect(packerPage.getByTestId('staff-refused')).toHaveText('Your role does not allow this.');
  found.push(...(await axeViolations(packerPage)).map((v) => `refused: ${v}`));

  // The owner sees the packer (no authenticator yet), makes them an editor, then removes them.
  await page.reload();
  const row = page.getByTestId('staff-member').filter({ hasText: packer });
  await expect(row.getByTestId('member-role')).toHaveText('packer');
  await expect(row.getByTestId('member-totp')).toHaveText('No authenticator app yet');
  await row.getByLabel('Role of Bilal Packer').selectOption('editor');
  await row.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bilal Packer is now editor.' })).toBeVisible();
  await expect(row.getByTestId('member-role')).toHaveText('editor');
  await row.getByRole('button', { name: 'Remove' }).click();
  await audit('members, removal to confirm');
  await page.getByRole('button', { name: 'Yes, remove Bilal Packer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bilal Packer is removed from the staff.' })).toBeVisible();
  await expect(page.getByTestId('staff-member').filter({ hasText: packer })).toHaveCount(0);
  // The removed packer's next request ends on the sign-in page.
  await packerPage.reload();
  await packerPage.waitForURL((url) => url.pathname === '/staff/');
  await phone.close();

  // The audit trail lists it all, newest first, in Pakistan time.
  await page.goto('/staff/audit/');
  const rows = page.getByTestId('audit-row');
  await expect(rows.first()).toBeVisible();
  const actions = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));
  for (const action of ['staff.accept', 'staff.sign-in', 'staff.sign-in-failed', 'staff.totp-confirm', 'staff.invite', 'staff.role', 'staff.remove', 'staff.sign-out']) expect(actions).toContain(action);
  expect(actions.indexOf('staff.remove')).toBeLessThan(actions.indexOf('staff.role'));
  const roleRow = page.locator('[data-testid="audit-row"][data-action="staff.role"]').first();
  await expect(roleRow).toContainText('Changed a role');
  await expect(roleRow.getByTestId('audit-changes')).toContainText('role:packer → editor');
  await audit('audit');

  // Filtered to one action, then to a day range with the end before the start.
  await page.getByLabel('Action').selectOption('staff.invite');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(rows.first()).toHaveAttribute('data-action', 'staff.invite');
  expect(new Set(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-action'))))).toEqual(new Set(['staff.invite']));
  expect(page.url()).toContain('action=staff.invite');
  await page.getByLabel('From (day)').fill('2026-11-20');
  await page.getByLabel('To (day, included)').fill('2026-11-10');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByText('The end date must be on or after the start date.')).toBeVisible();
  await expect(page.getByLabel('To (day, included)')).toBeFocused();
  await audit('audit with a wrong range');

  expect(await page.evaluate(() => document.cookie)).not.toContain('kiryana_staff');
  expect(found).toEqual([]);
});
