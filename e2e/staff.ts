/**
 * Staff members for e2e specs: made as the shop makes them (an invitation by `npm run staff -- add`
 * against the test's store, e2e/operator.ts, the mailed link accepted), then signed in through
 * the staff API in the page's own browser context (so the page carries the HttpOnly cookie),
 * the authenticator set up and its codes computed with otpauth as a phone's app would.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '#lib/schemas/staff.ts';
import { expect } from './fixtures.ts';
import { newEmail } from './accounts.ts';
import type { Mailbox } from './mail.ts';
import { addStaff } from './operator.ts';

export interface StaffMember {
  email: string;
  password: string;
  name: string;
  role: StaffRole;
}

/** Invites a member of `role` as the command line does and accepts the mailed link. */
export async function makeMember(request: APIRequestContext, baseURL: string, mailbox: Mailbox, role: StaffRole, name = `Desk ${role}`): Promise<StaffMember> {
  const email = newEmail(`staff-${role}`);
  await addStaff(request, email, role);
  const mail = await mailbox.waitFor(email);
  const token = /\/staff\/accept\/#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  const password = 'Desk-pass-2026!';
  const accepted = await request.post(`${baseURL}/api/staff/invites/accept`, { headers: { Origin: new URL(baseURL).origin }, data: { token, name, password } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  return { email, password, name, role };
}

/** Signs `member` in within the page's browser context, setting up the authenticator when the role needs one. */
export async function signInStaff(page: Page, baseURL: string, member: StaffMember): Promise<void> {
  const request = page.context().request;
  const headers = { Origin: new URL(baseURL).origin };
  const signedIn = await request.post('/api/staff/sign-in', { headers, data: { email: member.email, password: member.password } });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  const reply = await signedIn.json();
  if (!reply.needsTotpSetup) return;
  const setup = await request.post('/api/staff/totp/setup', { headers });
  expect(setup.ok(), await setup.text()).toBeTruthy();
  const { secret } = (await setup.json()).data as { secret: string };
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
  const confirmed = await request.post('/api/staff/totp/confirm', { headers, data: { code } });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
}

/** A member of `role`, made and signed in within the page's context. */
export async function staffPage(page: Page, baseURL: string, mailbox: Mailbox, role: StaffRole): Promise<StaffMember> {
  const member = await makeMember(page.context().request, baseURL, mailbox, role);
  await signInStaff(page, baseURL, member);
  return member;
}
