/**
 * Accounts and sessions for the e2e tests: fresh addresses, verified accounts made through the API
 * with the mailed code, and a session stored in the browser as sign-in stores it.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import type { Mailbox } from './mail.ts';

export const PASSWORD = 'Secret123!';

/** An address no other test (nor the other project's run) uses. */
export function newEmail(label: string): string {
  return `${label}-${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.pk`;
}

/** The 6-digit code of the newest verification mail to `email`. */
async function mailedCode(mailbox: Mailbox, email: string): Promise<string> {
  const mail = await mailbox.waitFor(email, { subject: /verification code/i });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();
  return code!;
}

/** A verified account made through the API: its token. */
export async function createAccount(request: APIRequestContext, mailbox: Mailbox, email: string, name = 'Bilal Ahmed'): Promise<string> {
  const registered = await request.post('/api/users/register', { data: { name, email, phone: '03219876543', password: PASSWORD } });
  expect(registered.status()).toBe(201);
  const { userId } = await registered.json();
  const verified = await request.post('/api/users/verify', { data: { userId, verificationCode: await mailedCode(mailbox, email) } });
  expect(verified.ok()).toBeTruthy();
  return (await verified.json()).token;
}

/** Stores a session in the browser as sign-in does (token, name, e-mail and phone). */
export async function useSession(page: Page, token: string, user: { name: string; email: string; phone: string }): Promise<void> {
  await page.addInitScript(
    ([t, u]) => {
      if (sessionStorage.getItem('__session')) return;
      sessionStorage.setItem('__session', '1');
      localStorage.setItem('token', t);
      localStorage.setItem('userName', u.name);
      localStorage.setItem('userEmail', u.email);
      localStorage.setItem('userPhone', u.phone);
    },
    [token, user] as const,
  );
}
