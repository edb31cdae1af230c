/**
 * Accounts and sessions for the e2e tests: fresh addresses, the mailed verification code, verified
 * accounts made through the API with it, a session stored in the browser as sign-in stores it, and
 * both at once: a new account signed in.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import type { Mailbox } from './mail.ts';
import { keepSecret } from './secrets.ts';

export { PASSWORD } from './secrets.ts';
import { PASSWORD } from './secrets.ts';

/** An address no other test (nor the other project's run) uses. */
export function newEmail(label: string): string {
  return `${label}-${test.info().project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.pk`;
}

/** The 6-digit code of the newest verification mail to `email`; the subject carries it too. */
export async function mailedCode(mailbox: Mailbox, email: string): Promise<string> {
  const mail = await mailbox.waitFor(email, { subject: /verification code/i });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();
  expect(mail.subject).toBe(`Your Kiryana verification code: ${code}`);
  keepSecret(code!);
  return code!;
}

export interface AccountUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

/** Registers through the API and verifies with the mailed code: the session's token and user. */
async function verifiedAccount(request: APIRequestContext, mailbox: Mailbox, account: { name: string; email: string; phone?: string }) {
  const registered = await request.post('/api/users/register', { data: { ...account, password: PASSWORD } });
  expect(registered.status()).toBe(201);
  const { userId } = await registered.json();
  const verified = await request.post('/api/users/verify', { data: { userId, verificationCode: await mailedCode(mailbox, account.email) } });
  expect(verified.ok()).toBeTruthy();
  const { token, user } = await verified.json();
  keepSecret(token);
  return { token: token as string, user: user as AccountUser };
}

const PHONE = '03219876543';

/** A verified account made through the API, with a phone: its token. */
export async function createAccount(request: APIRequestContext, mailbox: Mailbox, email: string, name = 'Bilal Ahmed'): Promise<string> {
  return (await verifiedAccount(request, mailbox, { name, email, phone: PHONE })).token;
}

/** A verified account made through the API as registration without a phone makes it: its token and user. */
export async function createUser(request: APIRequestContext, mailbox: Mailbox, email: string, name = 'Ayesha Khan') {
  return verifiedAccount(request, mailbox, { name, email });
}

/** Stores a session in the browser as sign-in does (token, name, e-mail and phone), before the first page loads. */
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

/** Stores a token and name as sign-in does, from a page of the store opened first (/about/): no e-mail nor phone. */
export async function storeSession(page: Page, token: string, name = 'Ayesha Khan'): Promise<void> {
  await page.goto('/about/');
  await page.evaluate(
    ([t, n]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('userName', n);
    },
    [token, name],
  );
}

export interface SignedIn {
  token: string;
  name: string;
  email: string;
}

/** A verified account with a phone (an address of its own, from `label`), made through the API and signed in on `page` before it loads. */
export async function signInNewAccount(page: Page, request: APIRequestContext, mailbox: Mailbox, label: string, name = 'Bilal Ahmed'): Promise<SignedIn> {
  const email = newEmail(label);
  const token = await createAccount(request, mailbox, email, name);
  await useSession(page, token, { name, email, phone: PHONE });
  return { token, name, email };
}
