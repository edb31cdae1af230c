/**
 * The staff shell at a phone's and a desk's width: every staff page fits the width (nothing wider
 * than the screen), keeps the shop's header, footer and bottom bar out, says noindex, has its skip
 * link and main landmark, and its bar's targets are 44 px tall; the bar shows what the role opens.
 * With STAFF_SCREENSHOTS=<dir> each page is also photographed there, to be looked at.
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect as baseExpect } from './fixtures.ts';
import { axeViolations } from './axe.ts';
import { readyMember, STAFF_PASSWORD } from './staff.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

async function look(page: Page, info: TestInfo, name: string) {
  const dir = process.env.STAFF_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${info.project.name}.png`, fullPage: true });
}

async function checkShell(page: Page, title: string) {
  await expect(page).toHaveTitle(`${title} · Kiryana staff`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.locator('main#main')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  // None of the shop's chrome: header search, footer, bottom bar.
  await expect(page.locator('footer, [data-bottom-bar], form[role="search"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  for (const target of await page.locator('.staff-bar a, .staff-bar button').all()) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
}

test.describe('the staff shell @widths', () => {
  test('sign-in and an invitation, signed out', async ({ page }, info) => {
    await page.goto('/staff/');
    await checkShell(page, 'Sign in');
    await expect(page.getByRole('navigation', { name: 'Staff pages' })).toHaveCount(0);
    await look(page, info, 'sign-in');
    await page.goto('/staff/accept/');
    await checkShell(page, 'Join the staff');
    await expect(page.getByRole('alert')).toContainText('This invitation link is not valid.');
    await look(page, info, 'accept-no-token');
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the owner's pages: the bar, staff and the audit trail", async ({ page, mailbox }, info) => {
    await readyMember(page, mailbox, 'owner', 'Ayesha Owner');
    await page.goto('/staff/members/');
    await checkShell(page, 'Staff');
    await expect(page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link')).toHaveText(['Orders', 'Products', 'Stock', 'Categories', 'Files', 'Search words', 'Reviews', 'Reports', 'Staff', 'Audit']);
    await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveAttribute('aria-current', 'page');
    // At a phone's width the bar's pages are one line that scrolls sideways, the page shown in view.
    if (info.project.name === 'phone') {
      const tops = await page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
    }
    await expect(page.getByRole('link', { name: 'Staff', exact: true })).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('staff-member').first()).toBeVisible();
    await look(page, info, 'members');
    await page.getByTestId('staff-member').first().getByRole('button', { name: 'Remove' }).click();
    await look(page, info, 'members-confirm');
    await page.goto('/staff/audit/');
    await checkShell(page, 'Audit trail');
    await expect(page.getByRole('link', { name: 'Audit', exact: true })).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await look(page, info, 'audit');
    await page.goto('/staff/setup/');
    await checkShell(page, 'Authenticator set-up');
    await expect(page.getByText('Your authenticator app is set up already.')).toBeVisible();
  });

  test('a packer: only Orders in the bar; the set-up with its QR code and key fits the width', async ({ page, mailbox }, info) => {
    await readyMember(page, mailbox, 'packer', 'Bilal Packer');
    await page.goto('/staff/audit/');
    await checkShell(page, 'Audit trail');
    await expect(page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link')).toHaveText(['Orders']);
    await expect(page.getByTestId('staff-refused')).toHaveText('Your role does not allow this.');
    await look(page, info, 'refused');
    await page.goto('/staff/setup/');
    await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
    await checkShell(page, 'Authenticator set-up');
    const key = page.getByTestId('totp-key');
    expect(await key.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const qr = (await page.getByTestId('totp-qr').boundingBox())!;
    expect(qr.width).toBeGreaterThanOrEqual(150);
    await look(page, info, 'setup');
  });
});

test.describe('the way to a staff page', () => {
  test('signed out: to the sign-in, and back to the page after it', async ({ page, mailbox }) => {
    const { email } = await readyMember(page, mailbox, 'packer', 'Bilal Packer', { signIn: false });
    await page.goto('/staff/members/');
    await page.waitForURL((url) => url.pathname === '/staff/' && url.searchParams.get('next') === '/staff/members/');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/staff/members/');
    await expect(page.getByTestId('staff-refused')).toHaveText('Your role does not allow this.');
    // Signed in already, the sign-in page goes straight on.
    await page.goto('/staff/');
    await page.waitForURL('**/staff/orders/');
  });

  test('an owner without an authenticator app: every page leads to the set-up', async ({ page, mailbox }) => {
    await readyMember(page, mailbox, 'owner', 'Ayesha Owner', { totp: false });
    for (const path of ['/staff/members/', '/staff/audit/']) {
      await page.goto(path);
      await page.waitForURL('**/staff/setup/');
    }
    await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });
});
