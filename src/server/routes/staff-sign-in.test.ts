/** Staff sign-in: the password, the authenticator's code (once), recovery codes (once), the cookie, the origin, idle expiry, hostile input. */
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { HOUR, MINUTE } from '#server/clock.ts';
import { parseTrustProxy } from '#server/limits/client-address.ts';
import { totpCodeAt } from '#server/staff/totp.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { STAFF_ORIGIN, TEST_PASSWORD, useStaffApi } from '#server/test/staff.ts';

describe.each(testDatabases)('staff sign-in on $name', (target) => {
  const database = useDatabase(target);
  const api = useStaffApi(database);
  const signIn = (email: string, password = TEST_PASSWORD, client?: string) => api().call('POST', '/api/staff/sign-in', { email, password }, { client });
  const code = (cookie: string, value: string) => api().call('POST', '/api/staff/sign-in/totp', { code: value }, { cookie });
  const me = (cookie?: string) => api().call('GET', '/api/staff/me', undefined, { cookie });

  it('asks an authenticator user for the code, takes the right one once, and refuses a wrong or replayed one', async () => {
    const owner = await api().member('owner');
    const first = await signIn(owner.email.toUpperCase());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ needsCode: true });
    const pending = api().cookieOf(first)!;
    expect((await me(pending)).status).toBe(401); // the code is owed
    expect((await api().call('GET', '/api/staff/members', undefined, { cookie: pending })).status).toBe(401);
    const wrong = await code(pending, '000000' === totpCodeAt(owner.secret!, api().accounts.clock.now()) ? '111111' : '000000');
    expect(wrong.status).toBe(401);
    const right = api().nextCode(owner.secret!);
    expect((await code(pending, right)).status).toBe(200);
    expect((await me(pending)).body.data.member.email).toBe(owner.email);
    // The same code again, in another sign-in within its 30 seconds: refused.
    const again = api().cookieOf(await signIn(owner.email))!;
    expect((await code(again, right)).status).toBe(401);
    // A code of an earlier step than the last accepted: refused too.
    const earlier = totpCodeAt(owner.secret!, new Date(api().accounts.clock.now().getTime() - 30_000));
    expect((await code(again, earlier)).status).toBe(401);
    expect((await code(again, api().nextCode(owner.secret!))).status).toBe(200);
  });

  it('takes each recovery code once, in either case and without its dash', async () => {
    const manager = await api().member('manager');
    const [one, two] = manager.recoveryCodes!;
    expect(manager.recoveryCodes).toHaveLength(10);
    const a = api().cookieOf(await signIn(manager.email))!;
    expect((await code(a, one.toUpperCase().replace('-', ''))).status).toBe(200);
    const b = api().cookieOf(await signIn(manager.email))!;
    expect((await code(b, one)).status).toBe(401);
    expect((await code(b, two)).status).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail alike, and a pending sign-in after 5 minutes', async () => {
    const packer = await api().member('packer');
    const wrong = await signIn(packer.email, 'not the password');
    const unknown = await signIn(api().email('nobody'));
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(api().cookieOf(wrong)).toBeUndefined();
    const owner = await api().member('owner');
    const pending = api().cookieOf(await signIn(owner.email))!;
    api().accounts.clock.advance(5 * MINUTE + 1000);
    expect((await code(pending, totpCodeAt(owner.secret!, api().accounts.clock.now()))).status).toBe(401);
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, on the whole site, Secure over HTTPS', async () => {
    const packer = await api().member('packer');
    const plain = await signIn(packer.email);
    const cookie = plain.headers.getSetCookie().find((c) => c.startsWith('kiryana_staff='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    expect(cookie).not.toMatch(/Max-Age|Expires/i); // the server ends it (8 hours idle), not the browser
    const secure = await api().accounts.app.request(`${STAFF_ORIGIN}/api/staff/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: STAFF_ORIGIN },
      body: JSON.stringify({ email: packer.email, password: TEST_PASSWORD }),
    });
    expect(secure.headers.getSetCookie().find((c) => c.startsWith('kiryana_staff='))).toMatch(/; Secure/);
    // Behind a proxy TRUST_PROXY names, its X-Forwarded-Proto says HTTPS; from anyone else it does not count.
    const behind = createApp({ db: database().db, kind: database().kind, clock: api().accounts.clock, mailer: api().accounts.mailer, siteUrl: STAFF_ORIGIN, trustProxy: parseTrustProxy('1'), paceRefusal: async () => {} });
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: STAFF_ORIGIN, 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '10.9.9.9' }, body: JSON.stringify({ email: packer.email, password: TEST_PASSWORD }) };
    const proxied = await behind.request('/api/staff/sign-in', init, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
    expect(proxied.headers.getSetCookie().find((c) => c.startsWith('kiryana_staff='))).toMatch(/; Secure/);
    const direct = await api().accounts.app.request('/api/staff/sign-in', init);
    expect(direct.headers.getSetCookie().find((c) => c.startsWith('kiryana_staff='))).not.toMatch(/; Secure/);
    expect(plain.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a changing request from another origin or with none, and does nothing', async () => {
    const owner = await api().member('owner');
    for (const origin of ['https://evil.example', null, 'null', `${STAFF_ORIGIN}.evil.example`]) {
      const email = api().email('csrf');
      const reply = await api().call('POST', '/api/staff/invites', { email, role: 'packer' }, { cookie: owner.cookie, origin });
      expect(reply.status).toBe(403);
      expect(reply.body.message).toBe('This request must come from the shop’s own pages.');
      expect((await api().call('POST', '/api/staff/sign-out', undefined, { cookie: owner.cookie, origin })).status).toBe(403);
    }
    expect((await me(owner.cookie)).status).toBe(200);
  });

  it('ends a session after 8 hours without a request, and keeps one that is used', async () => {
    const packer = await api().member('packer');
    api().accounts.clock.advance(7 * HOUR);
    expect((await me(packer.cookie)).status).toBe(200);
    api().accounts.clock.advance(7 * HOUR);
    expect((await me(packer.cookie)).status).toBe(200);
    api().accounts.clock.advance(8 * HOUR + 1000);
    expect((await me(packer.cookie)).status).toBe(401);
  });

  it('answers hostile input with a 4xx: a forged cookie, a shopper token as cookie, bad JSON, a huge body, a bad code', async () => {
    const shopper = await api().accounts.signUp();
    for (const cookie of ['A'.repeat(43), shopper.token, 'x', '%00', 'a'.repeat(5000)]) expect((await me(cookie)).status).toBe(401);
    const bad = await api().call('POST', '/api/staff/sign-in', '{"email":', {});
    expect(bad.status).toBe(400);
    const huge = await api().call('POST', '/api/staff/sign-in', JSON.stringify({ email: 'a@b.pk', password: 'x'.repeat(40_000) }), {});
    expect(huge.status).toBe(413);
    const extra = await api().call('POST', '/api/staff/sign-in', { email: 'a@b.pk', password: 'x', role: 'owner' });
    expect(extra.status).toBe(400);
    const owner = await api().member('owner');
    const pending = api().cookieOf(await signIn(owner.email))!;
    for (const value of ['12345', '<script>', '1234567', '']) expect((await code(pending, value)).status).toBe(400);
  });

  it("limits a member's codes from every client together: 5 a minute, whoever sends them", async () => {
    const owner = await api().member('owner');
    const tries: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = `10.88.0.${i + 1}`;
      const pending = api().cookieOf(await signIn(owner.email, TEST_PASSWORD, client))!;
      const right = totpCodeAt(owner.secret!, api().accounts.clock.now());
      tries.push((await api().call('POST', '/api/staff/sign-in/totp', { code: right === '123456' ? '654321' : '123456' }, { cookie: pending, client })).status);
    }
    expect(tries).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('limits sign-in failures per client as for shoppers', async () => {
    const packer = await api().member('packer');
    const client = '10.77.0.1';
    for (let i = 0; i < 5; i++) expect((await signIn(packer.email, `wrong ${i}`, client)).status).toBe(401);
    const slowed = await signIn(packer.email, TEST_PASSWORD, client);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(packer.email, TEST_PASSWORD, '10.77.0.2')).status).toBe(200);
  });
});
