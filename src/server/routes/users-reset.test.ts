/** Forgot password and reset: one reply for every e-mail, the mailed link, single use, 1 hour, sessions revoked. */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MINUTE } from '#server/clock.ts';
import { AUTH_MESSAGES as M } from '#server/auth/messages.ts';
import { TEST_PASSWORD, TEST_SITE_URL, useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

const LINK = new RegExp(`${TEST_SITE_URL.replace(/\./g, '\\.')}/passwordreset/([A-Za-z0-9_-]{43})`);

describe.each(testDatabases)('forgot and reset password on $name', (target) => {
  const database = useDatabase(target);
  const api = useAccountsApi(database);
  const rows = async (query: ReturnType<typeof sql>) => ((await database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const forgot = (email: string) => api().call('POST', '/api/users/forgotpassword', { email });
  const reset = (token: string, password: string) => api().call('PUT', `/api/users/passwordreset/${token}`, { password });
  const login = (email: string, password: string) => api().call('POST', '/api/users/login', { email, password });
  const me = (token: string) => api().call('GET', '/api/users/me', undefined, token);
  /** Asks for a link and reads the token from the mail. */
  const linkFor = async (email: string) => {
    expect((await forgot(email)).status).toBe(200);
    const mail = await api().nextMail(email, 'Reset your Kiryana password');
    return { mail, token: LINK.exec(mail.text)![1] };
  };

  it('gives a known and an unknown e-mail the same reply, and mails only the known one', async () => {
    const { email } = await api().signUp();
    const unknown = api().email('nobody');
    const known = await forgot(email);
    const other = await forgot(unknown);
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: M.resetSent });
    expect(other.status).toBe(known.status);
    expect(other.body).toEqual(known.body);
    // The same headers but for each request's own id.
    const shared = (headers: Headers) => [...headers.entries()].filter(([name]) => name !== 'x-request-id');
    expect(shared(other.headers)).toEqual(shared(known.headers));

    const mail = await api().nextMail(email, 'Reset your Kiryana password');
    expect(mail.text).toMatch(LINK);
    await api().app.settled();
    expect(api().smtp.mails.filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  it('mails a link with 256 random bits as text and as a button, stored only as its sha256', async () => {
    const { email, userId } = await api().signUp();
    const { mail, token } = await linkFor(email);
    const link = `${TEST_SITE_URL}/passwordreset/${token}`;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Reset password');
    const stored = await rows(sql`select token_hash from password_resets where user_id = ${userId}`);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
  });

  it('says whether a link works without using it: a live one 200, a made-up, used or expired one 400 in words', async () => {
    const { email } = await api().signUp();
    const { token } = await linkFor(email);
    const check = (t: string) => api().call('GET', `/api/users/passwordreset/${t}`);
    const live = await check(token);
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ success: true, message: M.resetLinkValid });
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect((await check(token)).status).toBe(200); // asking used nothing up
    for (const bad of ['A'.repeat(43), 'short', token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')]) {
      const reply = await check(bad);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.message).toBe(M.badResetLink);
    }
    expect((await reset(token, 'a fresh password')).status).toBe(200);
    expect((await check(token)).status).toBe(400);
    const { token: later } = await linkFor(email);
    api().clock.advance(61 * MINUTE);
    expect((await check(later)).status).toBe(400);
  });

  it('resets the password once, revoking every session', async () => {
    const { email, token: session } = await api().signUp();
    const other = (await login(email, TEST_PASSWORD)).body.token as string;
    const { token } = await linkFor(email);
    const reply = await reset(token, 'a fresh password');
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: M.passwordReset } });
    expect((await me(session)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect((await login(email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(email, 'a fresh password')).status).toBe(200);

    const reused = await reset(token, 'yet another password');
    expect(reused).toMatchObject({ status: 400, body: { success: false, message: M.badResetLink } });
    expect((await login(email, 'a fresh password')).status).toBe(200);
  });

  it('lets a link work for an hour and no longer; a reset voids the other links', async () => {
    const { email } = await api().signUp();
    const first = await linkFor(email);
    api().clock.advance(60 * MINUTE);
    expect((await reset(first.token, 'too late password')).body.message).toBe(M.badResetLink);

    const second = await linkFor(email);
    const third = await linkFor(email);
    api().clock.advance(60 * MINUTE - 1000);
    expect((await reset(third.token, 'just in time')).status).toBe(200);
    expect((await reset(second.token, 'second link')).body.message).toBe(M.badResetLink);
    expect((await login(email, 'just in time')).status).toBe(200);
  });

  it('refuses a made-up link with the same message', async () => {
    for (const token of ['x', 'A'.repeat(43), 'A'.repeat(300), '%00']) {
      const reply = await reset(token, 'whatever password');
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, message: M.badResetLink });
    }
  });

  it('verifies an unverified account through the link (it proves the mailbox)', async () => {
    const { email } = await api().register();
    const { token } = await linkFor(email);
    expect((await reset(token, 'now verified too')).status).toBe(200);
    expect((await login(email, 'now verified too')).status).toBe(200);
  });

  it('lets a sign-in held back by failures in right after a reset', async () => {
    const { email } = await api().signUp();
    for (let i = 0; i < 5; i++) await login(email, 'guess');
    expect((await login(email, TEST_PASSWORD)).status).toBe(429);
    const { token } = await linkFor(email);
    await reset(token, 'after the storm');
    expect((await login(email, 'after the storm')).status).toBe(200);
  });

  it('mails at most 5 links an hour to one account, and still answers alike', async () => {
    const { email } = await api().signUp();
    for (let i = 0; i < 5; i++) await linkFor(email);
    const sixth = await forgot(email);
    expect(sixth.body).toEqual({ success: true, message: M.resetSent });
    await api().app.settled();
    expect(api().smtp.mails.filter((m) => m.to.includes(email) && m.subject === 'Reset your Kiryana password')).toHaveLength(5);
    api().clock.advance(60 * MINUTE);
    await linkFor(email);
  });
});
