/**
 * Someone else's registrations never stop a shopper's: a stranger asks for codes to her address
 * from another network until the store refuses him, and she still registers in the browser from
 * hers, gets her own code and verifies with her own name. The stranger's requests come from
 * 127.0.0.2, another address of this machine (the store counts clients by address); the browser's
 * from 127.0.0.1.
 */
import { request as httpRequest } from 'node:http';
import { test, expect as baseExpect } from './fixtures.ts';
import { newEmail, PASSWORD } from './accounts.ts';
import type { Mailbox } from './mail.ts';
import { stored } from './shopper.ts';

// Hashing passwords (argon2id) and sending mail take a while on a loaded 2-core machine.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });

/** A JSON POST to the store from `localAddress`: a client on another network. */
function postFrom(localAddress: string, url: URL, body: unknown): Promise<{ status: number; body: { message?: string } }> {
  return new Promise((resolve, reject) => {
    const sent = JSON.stringify(body);
    const req = httpRequest(url, { method: 'POST', localAddress, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(sent) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end(sent);
  });
}

/** The code of the verification mail to `email` that greets `name` (the stranger's mails come first). */
async function codeFor(mailbox: Mailbox, email: string, name: string): Promise<string> {
  for (;;) {
    const mail = await mailbox.waitFor(email, { subject: /verification code/i });
    if (mail.text.includes(`Hi ${name},`)) return /\b(\d{6})\b/.exec(mail.text)![1];
  }
}

test("a stranger's registrations for her address do not stop hers: she verifies with her own name @widths", async ({ page, mailbox, baseURL }) => {
  const email = newEmail('stranger-victim');
  const register = new URL('/api/users/register', baseURL);
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const reply = await postFrom('127.0.0.2', register, { name: 'Stranger Danger', email, password: 'the stranger password' });
    statuses.push(reply.status);
  }
  // The account's first code and 5 asked for, then the stranger's own network is refused.
  expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);

  await page.goto('/register/');
  await page.getByLabel('Full name').fill('Ayesha Khan');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone (optional)').fill('0300 1234567');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel(/I agree to the Terms of Service/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  // A look at the step, when asked for (as the staff specs do).
  if (process.env.STAFF_SCREENSHOTS) await page.screenshot({ path: `${process.env.STAFF_SCREENSHOTS}/register-stranger-${test.info().project.name}.png`, fullPage: true });

  await page.getByLabel('Verification code').fill(await codeFor(mailbox, email, 'Ayesha Khan'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your e-mail is verified.', { exact: false })).toBeVisible();
  await page.waitForURL('/');
  expect(await stored(page, 'userName')).toBe('Ayesha Khan');
  expect(await stored(page, 'userPhone')).toBe('+923001234567');
  // Her password opens the account; the stranger's does not.
  expect((await page.request.post('/api/users/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  expect((await page.request.post('/api/users/login', { data: { email, password: 'the stranger password' } })).status()).toBe(401);
});
