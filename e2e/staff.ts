/**
 * The staff side as the e2e specs drive it, against the store of the test's project (e2e/stores.ts):
 * members made as the shop makes them (an invitation as `npm run staff -- add` sends it, through
 * e2e/operator.ts; the mailed link accepted), the authenticator's codes computed with otpauth (as
 * the member's app would), and members made ready through the staff API in a page's own browser
 * context (so the page carries the HttpOnly cookie) when a spec is about a page rather than the
 * way there.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '#lib/schemas/staff.ts';
import { expect, test } from './fixtures.ts';
import type { Mailbox } from './mail.ts';
import { addStaff } from './operator.ts';

export const STAFF_PASSWORD = 'Desk-Pass-2026';

/** The origin of the test's store: what a state-changing staff call must carry. */
const storeOrigin = () => new URL(test.info().project.use.baseURL!).origin;

/** An address no other test (or the other project's run of the same test) uses. */
export const staffEmail = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@shop.pk`;

/** `npm run staff -- add EMAIL --role ROLE` against the test's store: the link is mailed. */
export async function operatorInvite(request: APIRequestContext, email: string, role: StaffRole): Promise<void> {
  await addStaff(request, email, role);
}

/** The invitation link of the newest invitation mailed to `email` (its path and fragment). */
export async function invitationLink(mailbox: Mailbox, email: string): Promise<string> {
  const mail = await mailbox.waitFor(email, { subject: /invited to run Kiryana/ });
  const link = /https?:\/\/\S+\/staff\/accept\/#[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.hash}`;
}

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export function totpCode(secret: string, steps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s+/g, '')) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** The staff sign-in's first step in the page. */
export async function signInWithPassword(page: Page, email: string, password = STAFF_PASSWORD): Promise<void> {
  await page.goto('/staff/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A member of `role`, invited by the operator, accepted and signed in through the API in `page`'s
 * context (its cookie jar); an owner or manager also has the authenticator set up (unless `totp`
 * is false; `signIn: false` stops after accepting). Returns the member's e-mail and authenticator key (if any).
 */
export async function readyMember(page: Page, mailbox: Mailbox, role: StaffRole, name = `Test ${role}`, { signIn = true, totp = true } = {}): Promise<{ email: string; secret?: string }> {
  const email = staffEmail(role);
  const api = page.request;
  const origin = { Origin: storeOrigin() };
  await operatorInvite(api, email, role);
  const token = (await invitationLink(mailbox, email)).split('#')[1];
  expect((await api.post('/api/staff/invites/accept', { headers: origin, data: { token, name, password: STAFF_PASSWORD } })).status()).toBe(201);
  if (!signIn) return { email };
  expect((await api.post('/api/staff/sign-in', { headers: origin, data: { email, password: STAFF_PASSWORD } })).ok()).toBeTruthy();
  if ((role !== 'owner' && role !== 'manager') || !totp) return { email };
  const made = await (await api.post('/api/staff/totp/setup', { headers: origin })).json();
  const secret = made.data.secret as string;
  const confirmed = await api.post('/api/staff/totp/confirm', { headers: origin, data: { code: totpCode(secret) } });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
  return { email, secret };
}
