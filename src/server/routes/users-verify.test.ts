/** Registration and e-mail verification: attempts, codes (hashed, 10 minutes, once, 5 tries), resend and its limit. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UserSchema } from '#lib/schemas/account.ts';
import { MINUTE } from '#server/clock.ts';
import { AUTH_MESSAGES as M } from '#server/auth/messages.ts';
import { createApp } from '#server/app.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { TEST_PASSWORD, useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

describe.each(testDatabases)('registration and verification on $name', (target) => {
  const database = useDatabase(target);
  const api = useAccountsApi(database);
  const rows = async (query: ReturnType<typeof sql>) => ((await database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const verify = (userId: string, verificationCode: string) => api().call('POST', '/api/users/verify', { userId, verificationCode });
  const resend = (userId: string) => api().call('POST', '/api/users/verify/resend', { userId });
  const accountId = async (email: string) => String((await rows(sql`select id from users where email = ${email}`))[0].id);

  it('stores an unverified user, mails a 6-digit code (text and HTML) and replies with the attempt as userId', async () => {
    const email = api().email();
    const reply = await api().call('POST', '/api/users/register', { name: ' Ayesha Khan ', email: email.toUpperCase(), phone: '0300 1234567', password: TEST_PASSWORD });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ success: true, userId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), message: `We sent a 6-digit code to ${email}.` });
    expect(reply.headers.get('cache-control')).toBe('no-store');

    const mail = await api().nextMail(email);
    const code = /^Your Kiryana verification code: (\d{6})$/.exec(mail.subject)?.[1];
    expect(code).toBeDefined();
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('Hi Ayesha Khan,');
    expect(mail.html).toContain(`>${code}</p>`);
    expect(mail.html).toContain('Kiryana');

    const [user] = await rows(sql`select id, name, email, phone, verified_at from users where email = ${email}`);
    expect(user).toEqual({ id: expect.any(String), name: 'Ayesha Khan', email, phone: '+923001234567', verified_at: null });
    expect(reply.body.userId).not.toBe(user.id);
    const [stored] = await rows(sql`select user_id, code_hash, password_hash from registration_attempts where id = ${reply.body.userId}`);
    expect(stored.user_id).toBe(user.id);
    expect(String(stored.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(String(stored.code_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(String(stored.code_hash)).not.toContain(code);
  });

  it('verifies with the right code, signs in, and the code works only once', async () => {
    const { userId, code, email } = await api().register();
    const reply = await verify(userId, code);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: M.verified, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const id = await accountId(email);
    expect(UserSchema.parse(reply.body.user)).toMatchObject({ id, email, name: 'Ayesha Khan', phone: '+923001234567', address: '' });
    const me = await api().call('GET', '/api/users/me', undefined, reply.body.token);
    expect(me.body.data.id).toBe(id);

    const again = await verify(userId, code);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: M.alreadyVerified });
    expect(await rows(sql`select code_hash from registration_attempts where user_id = ${id}`)).toEqual([{ code_hash: '' }]);
  });

  it('refuses a wrong code; the 5th wrong try kills the code, even for the right one after it', async () => {
    const { userId, code, email } = await api().register();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const reply = await verify(userId, wrong);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, message: M.wrongCode, errors: { verificationCode: M.wrongCode } });
    }
    expect((await verify(userId, wrong)).body.message).toBe(M.tooManyWrongCodes);
    const right = await verify(userId, code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(M.tooManyWrongCodes);

    // A new code starts over.
    expect((await resend(userId)).status).toBe(200);
    const fresh = await api().nextCode(email);
    expect((await verify(userId, fresh)).status).toBe(200);
  });

  it('counts concurrent tries against the same 5: a burst of wrong codes kills the code', async () => {
    const { userId, code } = await api().register();
    const wrong = code === '999999' ? '888888' : '999999';
    const replies = await Promise.all(Array.from({ length: 8 }, () => verify(userId, wrong)));
    expect(replies.every((r) => r.status === 400)).toBe(true);
    expect(replies.filter((r) => r.body.message === M.wrongCode).length).toBeLessThanOrEqual(4);
    expect((await verify(userId, code)).body.message).toBe(M.tooManyWrongCodes);
  });

  it('uses a code once even when it is sent twice at the same moment', async () => {
    const { userId, code, email } = await api().register();
    const replies = await Promise.all([verify(userId, code), verify(userId, code)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await rows(sql`select count(*)::int as n from sessions where user_id = ${await accountId(email)}`)).toEqual([{ n: 1 }]);
  });

  it('lets a code work for 10 minutes and no longer', async () => {
    const early = await api().register();
    api().clock.advance(10 * MINUTE - 1000);
    expect((await verify(early.userId, early.code)).status).toBe(200);

    const late = await api().register();
    api().clock.advance(10 * MINUTE);
    const reply = await verify(late.userId, late.code);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: M.expiredCode });
  });

  it('resend mails a new code and kills the old one', async () => {
    const { userId, code: first, email } = await api().register();
    const reply = await resend(userId);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: `We sent a new code to ${email}.` });
    const second = await api().nextCode(email);
    if (second !== first) expect((await verify(userId, first)).body.message).toBe(M.wrongCode);
    expect((await verify(userId, second)).status).toBe(200);
  });

  it('allows 5 codes on request an hour per account, then says when to try again', async () => {
    const { userId, email } = await api().register();
    for (let i = 0; i < 5; i++) {
      expect((await resend(userId)).status).toBe(200);
      await api().nextCode(email);
      api().clock.advance(MINUTE);
    }
    api().clock.advance(25 * MINUTE); // 30 minutes after the first request
    const refused = await resend(userId);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: 'Too many codes requested. Please try again in 30 minutes.' });
    expect(refused.headers.get('retry-after')).toBe('1800');
    // Registering again asks for a code too, and is refused the same way (nothing changed).
    const again = await api().call('POST', '/api/users/register', { name: 'Someone Else', email, password: 'another password' });
    expect(again.status).toBe(429);
    expect(await rows(sql`select name from users where email = ${email}`)).toEqual([{ name: 'Ayesha Khan' }]);
    expect(await rows(sql`select count(*)::int as n from registration_attempts where user_id = ${await accountId(email)}`)).toEqual([{ n: 1 }]);

    api().clock.advance(30 * MINUTE);
    expect((await resend(userId)).status).toBe(200);
    expect((await verify(userId, await api().nextCode(email))).status).toBe(200);
  });

  it('registering an unverified e-mail again starts an attempt of its own: its code gives the account its details', async () => {
    const { userId: first, code: old, email } = await api().register();
    const reply = await api().call('POST', '/api/users/register', { name: 'Ayesha K.', email, phone: '0311 7654321', password: 'a new password' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ success: true, userId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), message: `We sent a 6-digit code to ${email}.` });
    expect(reply.body.userId).not.toBe(first);
    const fresh = await api().nextCode(email);
    if (fresh !== old) expect((await verify(reply.body.userId, old)).body.message).toBe(M.wrongCode);
    const verified = await verify(reply.body.userId, fresh);
    expect(verified.body.user).toMatchObject({ id: await accountId(email), name: 'Ayesha K.', phone: '+923117654321' });
    expect((await api().call('POST', '/api/users/login', { email, password: 'a new password' })).status).toBe(200);
    expect((await api().call('POST', '/api/users/login', { email, password: TEST_PASSWORD })).status).toBe(401);
  });

  it('refuses an e-mail that has a verified account, in any case, with 409', async () => {
    const { email } = await api().signUp();
    const reply = await api().call('POST', '/api/users/register', { name: 'Intruder', email: email.toUpperCase(), password: 'password123' });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ success: false, message: M.emailTaken });
  });

  it('answers an unknown account with 404 and a verified one with 409', async () => {
    const unknown = 'A'.repeat(43);
    expect(await verify(unknown, '123456')).toMatchObject({ status: 404, body: { success: false, message: M.accountNotFound } });
    expect(await resend(unknown)).toMatchObject({ status: 404, body: { success: false, message: M.accountNotFound } });
    const { userId, code } = await api().register();
    expect((await verify(userId, code)).status).toBe(200);
    expect(await resend(userId)).toMatchObject({ status: 409, body: { success: false, message: M.alreadyVerified } });
    expect(await verify(userId, code)).toMatchObject({ status: 409, body: { success: false, message: M.alreadyVerified } });
  });

  it('prints the code mail to the log when there is no SMTP server', async () => {
    const lines: string[] = [];
    const app = createApp({ db: database().db, mailer: createMailer({ from: 'Kiryana <no-reply@kiryana.pk>', log: (line) => lines.push(line) }), logError: () => {} });
    const email = api().email('logged');
    const reply = await app.request('/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bilal', email, password: TEST_PASSWORD }),
    });
    expect(reply.status).toBe(201);
    await app.settled();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^To: ${email.replace(/\./g, '\\.')}$`, 'm'));
    expect(lines[0]).toMatch(/^Subject: Your Kiryana verification code: \d{6}$/m);
    const code = /code: (\d{6})/.exec(lines[0])![1];
    expect(lines[0]).toContain(`    ${code}\n`);
  });
});
