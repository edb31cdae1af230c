/**
 * A refused sign-in takes the same time whatever the account's state: every refusal is held to
 * one floor from its start (a timer), and the floor is above the slowest check. The costs are
 * counted here (how many refusals are paced, how many hashes each check takes); the times
 * themselves are measured by `npm run bench:login-timing`, not asserted.
 */
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { ATTEMPTS_CHECKED_AT_SIGN_IN } from './attempts.ts';

describe.each(testDatabases)('refused sign-ins on $name', (target) => {
  const api = useAccountsApi(useDatabase(target));
  const login = (email: string, password: string) => api().call('POST', '/api/users/login', { email, password }, undefined, `198.18.0.${Math.floor(Math.random() * 250)}`);

  it('an unknown e-mail, a verified account and an unverified one with many registrations are each held to the floor once', async () => {
    const { email: verified } = await api().signUp();
    const { email: pending } = await api().register();
    for (let i = 0; i < ATTEMPTS_CHECKED_AT_SIGN_IN; i++) await api().register(pending, `another password ${i}`);
    const before = api().paced.length;
    for (const email of [api().email('nobody'), verified, pending]) {
      const started = performance.now();
      const reply = await login(email, 'not the password');
      expect(reply.status).toBe(401);
      const paced = api().paced.slice(before).at(-1)!;
      expect(paced).toBeGreaterThanOrEqual(started);
    }
    expect(api().paced.length - before).toBe(3);
  });

  it('a right password is not held back', async () => {
    const { email } = await api().signUp();
    const before = api().paced.length;
    expect((await login(email, TEST_PASSWORD)).status).toBe(200);
    expect(api().paced.length).toBe(before);
  });
});
