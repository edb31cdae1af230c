/**
 * The mail chain without the pages: the store's API mails through a real SMTP server (started by
 * scripts/e2e-server.ts), and what arrives carries a code that verifies and a link that resets.
 * API calls only, so it runs once (@phone-only keeps it out of the desktop project).
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';

const fresh = (tag: string) => `${tag}.${randomBytes(4).toString('hex')}@example.pk`;

test.describe('mail @phone-only', () => {
  test('the code mailed on registration verifies the account, which then signs in', async ({ request, mailbox }) => {
    const email = fresh('e2e.register');
    const password = 'e2e password 1';
    const registered = await request.post('/api/users/register', { data: { name: 'Nadia Iqbal', email, phone: '0300 1112223', password } });
    expect(registered.status()).toBe(201);
    const { userId } = await registered.json();

    const mail = await mailbox.waitFor(email, { subject: /^Your Kiryana verification code: \d{6}$/ });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(mail.subject).toBe(`Your Kiryana verification code: ${code}`);
    expect(mail.html).toContain(code);

    const verified = await request.post('/api/users/verify', { data: { userId, verificationCode: code } });
    expect(verified.status()).toBe(200);
    // userId named the registration attempt; the account has an id of its own.
    const { user } = await verified.json();
    expect(user).toMatchObject({ email, name: 'Nadia Iqbal', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(user.id).not.toBe(userId);

    const signedIn = await request.post('/api/users/login', { data: { email, password } });
    expect(signedIn.status()).toBe(200);
    const { token } = await signedIn.json();
    const me = await request.get(`/api/users/me?timestamp=${Date.now()}`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await me.json()).data.email).toBe(email);
  });

  test('the link mailed on forgot password resets it, and the new password signs in', async ({ request, mailbox, baseURL }) => {
    const email = fresh('e2e.reset');
    const registered = await request.post('/api/users/register', { data: { name: 'Kamran Ali', email, password: 'the old password' } });
    const { userId } = await registered.json();
    const code = /\d{6}/.exec((await mailbox.waitFor(email, { subject: /verification code/ })).subject)?.[0];
    expect((await request.post('/api/users/verify', { data: { userId, verificationCode: code } })).status()).toBe(200);

    const forgot = await request.post('/api/users/forgotpassword', { data: { email } });
    expect(await forgot.json()).toEqual({ success: true, message: 'If an account exists for that e-mail, we have sent a link to reset the password.' });
    const mail = await mailbox.waitFor(email, { subject: 'Reset your Kiryana password' });
    const link = /https?:\/\/\S+\/passwordreset\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '';
    expect(link.startsWith(`${baseURL}/passwordreset/`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);

    const token = new URL(link).pathname.split('/')[2];
    const reset = await request.put(`/api/users/passwordreset/${token}`, { data: { password: 'the new password' } });
    expect(reset.status()).toBe(200);
    expect((await request.post('/api/users/login', { data: { email, password: 'the old password' } })).status()).toBe(401);
    expect((await request.post('/api/users/login', { data: { email, password: 'the new password' } })).status()).toBe(200);
  });
});
