/**
 * The staff side's whole story, one serial run against the real API, on the embedded database
 * (project phone) and on PostgreSQL (project postgres):
 * the first owner, made by the command line, accepts the mailed invitation, signs in, sets up the
 * authenticator app, signs in again with its code, and invites a packer; the packer, on a phone, watches the orders list while a
 * shopper places a guest order through the checkout in another browser, sees it arrive without a
 * reload, and marks it Processing, then Shipped: the shopper's status page says Shipped and the
 * mail arrives. The packer can neither cancel nor see reports or staff (not in the page, 403 from
 * the API). A manager, invited with the authenticator, marks the cash collected and cancels another
 * order (its units back in stock). The owner removes the packer, whose next request is refused, and
 * the audit page lists each of these. A shopper cancels a Pending order and buys another again.
 * The owner and the manager work at a desk (1280 px), the packer and the shopper on phones (375 px).
 */
import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { test, expect as baseExpect } from './fixtures.ts';
import type { Mailbox } from './mail.ts';
import { operatorCommand } from './operator.ts';
import { newEmail, PASSWORD } from './accounts.ts';
import { details, fillCheckout, idFromUrl, placeGuestOrder, productFor, seedCart, stockOf } from './checkout.ts';
import { axeViolations } from './axe.ts';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 15_000 });

/**
 * The code an authenticator app shows for the key the set-up page gives, `steps` 30-second steps
 * from now: a sign-in right after the set-up uses the next step's code (the server takes one step
 * either side), since the set-up's own code, used once, is refused as a replay.
 */
const codeFor = (key: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s+/g, '')) }).generate({ timestamp: Date.now() + steps * 30_000 });

const { defaultBrowserType: _, ...desk } = devices['Desktop Chrome'];

/**
 * A staff member's browser: a context of its own, so each keeps its own cookie; on the project's
 * phone (a packer) or at a desk, 1280 px wide (the owner, the manager).
 */
async function staffPage(browser: Browser, at: 'phone' | 'desk'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(at === 'desk' ? { ...desk, viewport: { width: 1280, height: 900 } } : {});
  return { context, page: await context.newPage() };
}

/** The invitation mailed to `email`: its link, which points at this store's accept page. */
async function invitationLink(mailbox: Mailbox, email: string, role: string, origin: string): Promise<string> {
  const mail = await mailbox.waitFor(email, { subject: `You are invited to run Kiryana as ${role}` });
  const link = /https?:\/\/\S+\/staff\/accept\/#[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(new URL(link!).origin).toBe(origin);
  return link!;
}

/** Accepts an invitation on its page, then signs in with the e-mail and password. */
async function acceptAndSignIn(page: Page, link: string, email: string, name: string) {
  await page.goto(link);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join the staff' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL(/\/staff\/$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The authenticator set-up an owner or manager is sent to after the first sign-in: the key typed into the app, its code, the recovery codes; the key. */
async function setUpAuthenticator(page: Page): Promise<string> {
  await page.waitForURL(/\/staff\/setup\/$/);
  const key = page.getByTestId('totp-key');
  await expect(key).toHaveText(/^[A-Z2-7\s]{16,}$/);
  await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
  const typed = (await key.textContent())!;
  await page.getByLabel('6-digit code').fill(codeFor(typed));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('link', { name: 'I have kept them: continue' }).click();
  await page.waitForURL(/\/staff\/orders\/$/);
  return typed;
}

/** Invites `email` as `role` from the members page; the page says the invitation went. */
async function invite(page: Page, email: string, role: string) {
  await page.goto('/staff/members/');
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
}

/** What the API answers the signed-in page for `path`, asked as the page's own scripts ask it (same origin, its cookie). */
async function apiStatus(page: Page, path: string, method = 'GET', body?: unknown): Promise<number> {
  return page.evaluate(
    async ([p, m, b]) => (await fetch(`/api/staff${p}`, { method: m, credentials: 'same-origin', headers: b === undefined ? {} : { 'Content-Type': 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) })).status,
    [path, method, body] as const,
  );
}

test('the staff side, from the first owner to the audit trail, and the shopper\'s side of the same orders', async ({ browser, page: shopper, catalog, mailbox, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const ownerEmail = newEmail('owner');
  const packerEmail = newEmail('packer');
  const managerEmail = newEmail('manager');
  const owner = await staffPage(browser, 'desk');
  const packer = await staffPage(browser, 'phone');
  const manager = await staffPage(browser, 'desk');

  await test.step('the first owner is made by the command line, accepts, sets up the authenticator and signs in with it', async () => {
    expect(await operatorCommand('staff', 'add', ownerEmail, '--role', 'owner')).toContain(`Mailed ${ownerEmail} a link to join the staff as owner`);
    await acceptAndSignIn(owner.page, await invitationLink(mailbox, ownerEmail, 'owner', origin), ownerEmail, 'Shazia Owner');
    const key = await setUpAuthenticator(owner.page);
    expect(await owner.page.evaluate(() => document.cookie)).not.toContain('kiryana_staff');

    // From now on the owner signs in with the password and the app's code.
    await owner.page.getByRole('button', { name: 'Sign out' }).click();
    await owner.page.waitForURL(/\/staff\/(\?.*)?$/);
    await owner.page.getByLabel('E-mail').fill(ownerEmail);
    await owner.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await owner.page.getByRole('button', { name: 'Sign in' }).click();
    await owner.page.getByLabel('Code from your app').fill(codeFor(key, 1));
    await owner.page.getByRole('button', { name: 'Confirm code' }).click();
    await owner.page.waitForURL(/\/staff\/orders\/$/);
  });

  await test.step('the owner invites a packer, who accepts and signs in', async () => {
    await invite(owner.page, packerEmail, 'packer');
    await owner.page.screenshot({ path: `/tmp/staff-done-owner-members-${test.info().project.name}.png`, fullPage: true });
    await acceptAndSignIn(packer.page, await invitationLink(mailbox, packerEmail, 'packer', origin), packerEmail, 'Imran Packer');
    await packer.page.waitForURL(/\/staff\/orders\/$/);
  });

  const product = await productFor(catalog, 44);
  const shopperEmail = newEmail('desk-guest');
  let placed = { id: '', number: '' };
  await test.step('the packer, on a phone, sees a guest order placed through the checkout appear without a reload', async () => {
    expect(packer.page.viewportSize()?.width).toBe(375);
    await expect(packer.page.getByRole('navigation', { name: 'Staff pages' }).getByRole('link')).toHaveText(['Orders']);
    await packer.page.evaluate(() => ((window as unknown as { staffStay: boolean }).staffStay = true));

    await seedCart(shopper, [[product, 1]]);
    await shopper.goto('/checkout-page/');
    await fillCheckout(shopper, details(shopperEmail));
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    await shopper.waitForURL(/\/order\/success\/[A-Za-z0-9_-]{24}\/$/);
    placed = { id: idFromUrl(shopper.url()), number: (await shopper.getByTestId('order-number').textContent())! };

    const row = packer.page.getByRole('link', { name: placed.number, exact: true });
    await expect(row).toBeVisible();
    expect(await packer.page.evaluate(() => (window as unknown as { staffStay?: boolean }).staffStay)).toBe(true);
    expect(await axeViolations(packer.page)).toEqual([]);
    await packer.page.screenshot({ path: `/tmp/staff-done-packer-list-${test.info().project.name}.png`, fullPage: true });
    await row.click();
    await packer.page.waitForURL(`/staff/order/?number=${placed.number}`);
    await expect(packer.page.getByTestId('order-number')).toHaveText(`${placed.number} Pending`);
  });

  await test.step('the packer marks it Processing, then Shipped; the shopper sees Shipped and gets the mail', async () => {
    const heading = packer.page.getByTestId('order-number');
    await packer.page.getByRole('button', { name: 'Mark Processing' }).click();
    await expect(heading).toHaveText(`${placed.number} Processing`);
    await packer.page.getByRole('button', { name: 'Mark Shipped' }).click();
    await expect(heading).toHaveText(`${placed.number} Shipped`);
    await packer.page.screenshot({ path: `/tmp/staff-done-packer-order-${test.info().project.name}.png`, fullPage: true });

    await shopper.goto(`/order/order-status/${placed.id}/`);
    await expect(shopper.getByTestId('order-status-badge')).toHaveText('Shipped');
    const mail = await mailbox.waitFor(shopperEmail, { subject: `Your Kiryana order ${placed.number} is on its way` });
    expect(mail.text).toContain(`/order/order-status/${placed.id}/`);
  });

  await test.step('the packer cannot cancel, see reports or staff: not in the page, 403 from the API', async () => {
    await expect(packer.page.getByText('Cancel this order')).toHaveCount(0);
    await expect(packer.page.getByRole('button', { name: /cancel/i })).toHaveCount(0);
    const nav = packer.page.getByRole('navigation', { name: 'Staff pages' });
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Audit' })).toHaveCount(0);
    expect(await apiStatus(packer.page, `/orders/${placed.number}/cancel`, 'POST', { reason: 'The packer tries' })).toBe(403);
    expect(await apiStatus(packer.page, '/reports/sales?from=2026-01-01&to=2026-01-31')).toBe(403);
    expect(await apiStatus(packer.page, '/members')).toBe(403);
    expect(await apiStatus(packer.page, '/audit')).toBe(403);
    for (const path of ['/staff/reports/', '/staff/members/']) {
      await packer.page.goto(path);
      await expect(packer.page.getByText('Your role does not allow this.')).toBeVisible();
    }
  });

  const other = await productFor(catalog, 45);
  const second = await placeGuestOrder(shopper.request, other, 3);
  await test.step('a manager, with the authenticator, marks the cash collected and cancels another order: its units go back', async () => {
    await invite(owner.page, managerEmail, 'manager');
    await acceptAndSignIn(manager.page, await invitationLink(mailbox, managerEmail, 'manager', origin), managerEmail, 'Nadia Manager');
    await setUpAuthenticator(manager.page);

    await manager.page.goto(`/staff/order/?number=${placed.number}`);
    await manager.page.getByRole('button', { name: /^Cash collected/ }).click();
    await expect(manager.page.getByTestId('order-paid')).toContainText('Cash on delivery: collected');

    const before = await stockOf(shopper.request, other._id);
    await manager.page.goto(`/staff/order/?number=${second.orderNumber}`);
    await manager.page.getByText('Cancel this order').click();
    await manager.page.getByLabel('Reason for cancelling').fill('The shopper asked by phone');
    await manager.page.getByRole('button', { name: 'Cancel order…' }).click();
    await manager.page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(manager.page.getByTestId('order-number')).toHaveText(`${second.orderNumber} Cancelled`);
    expect(await stockOf(shopper.request, other._id)).toBe(before + 3);
    await manager.page.screenshot({ path: `/tmp/staff-done-manager-order-${test.info().project.name}.png`, fullPage: true });
  });

  await test.step('the owner removes the packer, whose next request is refused', async () => {
    await owner.page.goto('/staff/members/');
    const row = owner.page.locator(`[data-testid="staff-member"][data-email="${packerEmail}"]`);
    await row.getByRole('button', { name: 'Remove' }).click();
    await row.getByRole('button', { name: 'Yes, remove Imran Packer' }).click();
    await expect(row).toHaveCount(0);
    expect(await apiStatus(packer.page, '/me')).toBe(401);
    await packer.page.goto('/staff/orders/');
    await packer.page.waitForURL(/\/staff\/\?next=/);
  });

  await test.step('the audit page lists each of these', async () => {
    const ownerId = await owner.page.evaluate(async () => ((await (await fetch('/api/staff/me')).json()) as { data: { member: { id: string } } }).data.member.id);
    const rows = owner.page.getByTestId('audit-row');
    const actions = async (query: string) => {
      await owner.page.goto(`/staff/audit/?${new URLSearchParams(query)}`);
      await expect(rows.first()).toBeVisible();
      return rows.evaluateAll((found) => found.map((r) => r.getAttribute('data-action')).sort());
    };
    // The owner's own: the authenticator, the sign-in with its code, both invitations, the removal.
    const own = await actions(`staff=${ownerId}`);
    // The filter read from the address shows as chosen, once the members have arrived.
    await expect(owner.page.getByLabel('Member')).toHaveValue(ownerId);
    expect(own).toEqual(expect.arrayContaining(['staff.accept', 'staff.sign-in', 'staff.totp-setup', 'staff.totp-confirm', 'staff.sign-out', 'staff.remove']));
    expect(own.filter((a) => a === 'staff.invite')).toHaveLength(2);
    await expect(rows.filter({ hasText: 'Signed in' }).filter({ hasText: /method:\s*totp/ })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Invited a member' }).filter({ hasText: packerEmail })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Removed a member' })).toHaveCount(1);
    expect(await axeViolations(owner.page)).toEqual([]);
    await owner.page.screenshot({ path: `/tmp/staff-done-audit-${test.info().project.name}.png`, fullPage: true });
    // The packer's two moves and the manager's cash on the first order; the manager's cancel on the other.
    expect(await actions(`recordId=${placed.number}`)).toEqual(['order.advance', 'order.advance', 'order.cash']);
    await expect(rows.filter({ hasText: 'Marked cash collected' })).toContainText('Nadia Manager');
    expect(await actions(`recordId=${second.orderNumber}`)).toEqual(['order.cancel']);
    await expect(rows).toContainText('Cancelled an order');
  });

  await test.step('a shopper cancels a Pending order from its status page and buys another again', async () => {
    const third = await placeGuestOrder(shopper.request, other, 1); // placed with 03004445555
    await shopper.goto(`/order/order-status/${third._id}/`);
    await shopper.getByText('Cancel this order').click();
    await shopper.getByLabel('Phone number used for this order').fill('0300 4445555');
    await shopper.getByRole('button', { name: 'Yes, cancel my order' }).click();
    await expect(shopper.getByTestId('order-status-badge')).toHaveText('Cancelled');

    await shopper.goto(`/order/order-status/${placed.id}/#buy-again`);
    const again = shopper.getByRole('region', { name: 'Buy again' });
    await again.getByRole('button', { name: 'Add these items to my cart' }).click();
    await expect(again.getByRole('status')).toContainText('Added 1 item to your cart');
  });

  await Promise.all([owner.context.close(), packer.context.close(), manager.context.close()]);
});
