/** Sign-in, its per-client limits, sessions (me, logout, expiry), profile and password change. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FIELD_MESSAGES, UserSchema } from '#lib/schemas/account.ts';
import { DAY, MINUTE } from '#server/clock.ts';
import { AUTH_MESSAGES as M } from '#server/auth/messages.ts';
import { TEST_PASSWORD, useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

describe.each(testDatabases)('sign-in and sessions on $name', (target) => {
  const database = useDatabase(target);
  const api = useAccountsApi(database);
  const rows = async (query: ReturnType<typeof sql>) => ((await database().db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const login = (email: string, password: string) => api().call('POST', '/api/users/login', { email, password });
  const me = (token?: string) => api().call('GET', `/api/users/me?timestamp=${Date.now()}`, undefined, token);

  it('signs in with the right password and replies with a token and the user', async () => {
    const { email, userId } = await api().signUp();
    const reply = await login(` ${email.toUpperCase()} `, TEST_PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: M.signedIn, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(UserSchema.parse(reply.body.user).id).toBe(userId);
    const current = await me(reply.body.token);
    expect(current.status).toBe(200);
    expect(current.body).toEqual({ success: true, data: reply.body.user });
  });

  it('stores the password as argon2id with m=19456, t=2, p=1, and the session token only as its sha256', async () => {
    const { userId, token } = await api().signUp();
    const [user] = await rows(sql`select password_hash from users where id = ${userId}`);
    expect(String(user.password_hash)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(String(user.password_hash)).not.toContain(TEST_PASSWORD);
    const sessions = await rows(sql`select token_hash from sessions where user_id = ${userId}`);
    const { createHash } = await import('node:crypto');
    expect(sessions).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
  });

  it('gives an unknown e-mail and a wrong password the same 401', async () => {
    const { email } = await api().signUp();
    const wrongPassword = await login(email, 'not the password');
    const unknown = await login(api().email('nobody'), TEST_PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.body).toEqual({ success: false, message: M.badLogin });
    expect(unknown.body).toEqual(wrongPassword.body);
  });

  it('tells an unverified account with the right password to verify, and mails a fresh code', async () => {
    const { email, userId: registered, code: old } = await api().register();
    expect((await login(email, 'wrong password')).status).toBe(401);
    const reply = await login(email, TEST_PASSWORD);
    expect(reply.status).toBe(403);
    // The sign-in starts an attempt of its own (with the password it proved) and names it.
    expect(reply.body).toEqual({ success: false, needsVerification: true, userId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), message: `Please verify your e-mail first. We sent a new code to ${email}.` });
    const { userId } = reply.body;
    expect(userId).not.toBe(registered);
    const fresh = await api().nextCode(email);
    if (fresh !== old) expect((await api().call('POST', '/api/users/verify', { userId, verificationCode: old })).status).toBe(400);
    expect((await api().call('POST', '/api/users/verify', { userId, verificationCode: fresh })).status).toBe(200);
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
  });

  // The per-client windows run on the real clock (rate-limiter-flexible's); a minute passing is
  // its counter leaving the database.
  const aMinutePasses = () => database().db.execute(sql`delete from rate_limits where key like 'sign-in-account-minute:%'`);

  it('slows a client after 5 failures on one account within a minute, and stops it after 10 within 15 minutes', async () => {
    const { email } = await api().signUp();
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong ${i}`)).status).toBe(401);
    const slowed = await login(email, TEST_PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.body).toEqual({ success: false, message: 'Too many failed sign-in attempts. Please try again in 1 minute.' });
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    await aMinutePasses();
    for (let i = 0; i < 4; i++) expect((await login(email, `wrong again ${i}`)).status).toBe(401);
    // The 10th failure within 15 minutes: even the right password waits the quarter hour out.
    expect((await login(email, 'the tenth')).status).toBe(401);
    await aMinutePasses();
    const stopped = await login(email, TEST_PASSWORD);
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  });

  it("never locks the owner out: a stranger's failures stop the stranger, and the owner signs in from her own network", async () => {
    const { email } = await api().signUp();
    for (let i = 0; i < 12; i++) await api().call('POST', '/api/users/login', { email, password: `guess ${i}` }, undefined, '203.0.113.7');
    expect((await api().call('POST', '/api/users/login', { email, password: TEST_PASSWORD }, undefined, '203.0.113.7')).status).toBe(429);
    const owner = await api().call('POST', '/api/users/login', { email, password: TEST_PASSWORD }, undefined, '198.51.100.20');
    expect(owner.status).toBe(200);
  });

  it('a right password forgives the failures before it', async () => {
    const { email } = await api().signUp();
    for (let i = 0; i < 4; i++) expect((await login(email, `typo ${i}`)).status).toBe(401);
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(email, `typo again ${i}`)).status).toBe(401);
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
  });

  it('sends no code past the hourly limit, and says when one can be asked for', async () => {
    const { email, userId } = await api().register();
    for (let i = 0; i < 5; i++) {
      expect((await api().call('POST', '/api/users/verify/resend', { userId })).status).toBe(200);
      await api().nextCode(email);
    }
    const reply = await login(email, TEST_PASSWORD);
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({
      success: false,
      needsVerification: true,
      userId,
      message: `Please verify your e-mail first. Use the code we sent to ${email}, or ask for a new one in 60 minutes.`,
    });
    await api().app.settled();
    expect(api().smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(6);
  });

  it('lets at most 5 of a burst of concurrent wrong guesses through to the password check', async () => {
    const { email } = await api().signUp();
    const replies = await Promise.all(Array.from({ length: 14 }, (_, i) => login(email, `burst ${i}`)));
    const checked = replies.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(14 - checked);
  });

  it('counts an e-mail without an account the same way', async () => {
    const email = api().email('ghost');
    for (let i = 0; i < 5; i++) expect((await login(email, 'guess')).status).toBe(401);
    const refused = await login(email, 'guess');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
  });

  it('answers a missing, malformed, unknown or expired token with 401', async () => {
    const expected = { status: 401, body: { success: false, message: M.signInAgain } };
    expect(await me()).toMatchObject(expected);
    expect(await me('x'.repeat(43))).toMatchObject(expected);
    expect(await me('not a token')).toMatchObject(expected);
    const res = await api().app.request('/api/users/me', { headers: { Authorization: 'Basic abc' } });
    expect(res.status).toBe(401);

    const { token } = await api().signUp();
    api().clock.advance(30 * DAY - 1000);
    expect((await me(token)).status).toBe(200);
    api().clock.advance(1000);
    expect(await me(token)).toMatchObject(expected);
  });

  it('logout revokes that token only', async () => {
    const { email, token } = await api().signUp();
    const other = (await login(email, TEST_PASSWORD)).body.token as string;
    const reply = await api().call('POST', '/api/auth/logout', undefined, token);
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: M.signedOut } });
    expect((await me(token)).status).toBe(401);
    expect((await api().call('POST', '/api/auth/logout', undefined, token)).status).toBe(401);
    expect((await me(other)).status).toBe(200);
  });

  it('updates the own profile (name, phone, address) and refuses anyone else’s', async () => {
    const { userId, token } = await api().signUp();
    api().clock.advance(MINUTE);
    const reply = await api().call('PUT', `/api/users/profile/${userId}`, { name: 'Ayesha Siddiqui', address: 'House 12, Street 4\nGulberg, Lahore' }, token);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: M.profileUpdated, data: { id: userId, name: 'Ayesha Siddiqui', phone: '+923001234567', address: 'House 12, Street 4\nGulberg, Lahore' } });
    expect(reply.body.data.updatedAt > reply.body.data.createdAt).toBe(true);
    expect((await me(token)).body.data).toEqual(reply.body.data);
    expect((await api().call('PUT', `/api/users/profile/${userId}`, { phone: '' }, token)).body.data.phone).toBe('');
    // A phone is stored in the one form orders use, however it was typed; one that breaks the rule is refused.
    for (const typed of ['0321-765 4321', '+92 321 7654321', '0092 321 7654321']) {
      expect((await api().call('PUT', `/api/users/profile/${userId}`, { phone: typed }, token)).body.data.phone, typed).toBe('+923217654321');
    }
    const short = await api().call('PUT', `/api/users/profile/${userId}`, { phone: '0321 765' }, token);
    expect(short).toMatchObject({ status: 400, body: { errors: { phone: ACCOUNT_FIELD_MESSAGES.phone } } });
    expect((await me(token)).body.data.phone).toBe('+923217654321');

    const stranger = await api().signUp();
    const refused = await api().call('PUT', `/api/users/profile/${userId}`, { name: 'Taken Over' }, stranger.token);
    expect(refused).toMatchObject({ status: 403, body: { success: false, message: M.notYourProfile } });
    expect((await api().call('PUT', `/api/users/profile/${userId}`, { name: 'X' })).status).toBe(401);
    expect((await me(token)).body.data.name).toBe('Ayesha Siddiqui');
  });

  it('changes the password with the current one, keeps this session and revokes every other', async () => {
    const { email, userId, token } = await api().signUp();
    const otherDevice = (await login(email, TEST_PASSWORD)).body.token as string;
    const path = `/api/users/profile/${userId}/password`;

    const mismatch = await api().call('PUT', path, { currentPassword: TEST_PASSWORD, newPassword: 'brand new password', confirmPassword: 'brand new passw0rd' }, token);
    expect(mismatch).toMatchObject({ status: 400, body: { success: false, message: 'Passwords do not match', errors: { confirmPassword: 'Passwords do not match' } } });
    const wrongCurrent = await api().call('PUT', path, { currentPassword: 'not it', newPassword: 'brand new password', confirmPassword: 'brand new password' }, token);
    expect(wrongCurrent).toMatchObject({ status: 400, body: { message: M.wrongCurrentPassword, errors: { currentPassword: M.wrongCurrentPassword } } });
    const stranger = await api().signUp();
    expect((await api().call('PUT', path, { currentPassword: TEST_PASSWORD, newPassword: 'brand new password', confirmPassword: 'brand new password' }, stranger.token)).status).toBe(403);
    expect((await me(otherDevice)).status).toBe(200);

    const reply = await api().call('PUT', path, { currentPassword: TEST_PASSWORD, newPassword: 'brand new password', confirmPassword: 'brand new password' }, token);
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: M.passwordChanged } });
    expect((await me(token)).status).toBe(200);
    expect((await me(otherDevice)).status).toBe(401);
    expect((await me(stranger.token)).status).toBe(200);
    expect((await login(email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(email, 'brand new password')).status).toBe(200);
  });
});
