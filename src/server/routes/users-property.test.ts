/**
 * Property test over every accounts route that takes a body: whatever JSON (or not-JSON) a client
 * sends, the reply is JSON, below 500, and a refusal carries a message.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

const FIELDS = ['name', 'email', 'phone', 'password', 'address', 'userId', 'verificationCode', 'currentPassword', 'newPassword', 'confirmPassword'];

/** Text as a client may send it: control characters, lone surrogates, long runs. */
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', 'a@b.pk', '00000000-0000-4000-8000-000000000000', '123456', 'password1'),
  fc.integer({ min: 90, max: 1100 }).map((n) => 'x'.repeat(n)),
);
/** Values the database cannot store as they are, or that break naive code. */
const nasty = fc.constantFrom('\u0000', 'a\u0000b', 'tab\there', '\u001f', '\ud800', 'line\u2028sep', '  padded  ', 'Ölçü 😀');
const value = fc.oneof(text, nasty, nasty, fc.jsonValue({ maxDepth: 2 }));
/** A route's valid body with some fields replaced (or added, or left out): reaches the rules behind the checks. */
const near = (valid: Record<string, unknown>) =>
  fc
    .record({
      changes: fc.dictionary(fc.constantFrom(...Object.keys(valid), ...FIELDS.slice(0, 3)), value, { minKeys: 1, maxKeys: 2 }),
      drop: fc.option(fc.constantFrom(...Object.keys(valid)), { nil: undefined }),
    })
    .map(({ changes, drop }) => {
      const merged: Record<string, unknown> = { ...valid, ...changes };
      if (drop !== undefined && !(drop in changes)) delete merged[drop];
      return JSON.stringify(merged);
    });
const anyBody = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), value, { maxKeys: 4 }).map((v) => JSON.stringify(v)),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

describe.each(testDatabases)('every accounts body on $name', (target) => {
  const database = useDatabase(target);
  const api = useAccountsApi(database);

  it('answers any body with JSON below 500, and a message when it refuses', async () => {
    const { userId, token } = await api().signUp();
    const pending = await api().register(); // verify and resend take the attempt's id
    const password = { currentPassword: 'password1', newPassword: 'password2', confirmPassword: 'password2' };
    const routes: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/users/register', { name: 'Fuzz', email: 'fuzz@example.pk', password: 'password1' }],
      ['POST', '/api/users/verify', { userId: pending.userId, verificationCode: '123456' }],
      ['POST', '/api/users/verify/resend', { userId: pending.userId }],
      ['POST', '/api/users/login', { email: 'fuzz@example.pk', password: 'password1' }],
      ['PUT', `/api/users/profile/${userId}`, { name: 'Fuzz', phone: '0300 1234567', address: 'Lahore' }],
      ['PUT', `/api/users/profile/${userId}/password`, password],
      ['POST', '/api/users/forgotpassword', { email: 'fuzz@example.pk' }],
      ['PUT', `/api/users/passwordreset/${'A'.repeat(43)}`, { password: 'password1' }],
    ];
    const request = fc.constantFrom(...routes).chain(([method, path, valid]) => fc.tuple(fc.constant(`${method} ${path}`), fc.oneof({ arbitrary: near(valid), weight: 3 }, { arbitrary: anyBody, weight: 1 })));
    await fc.assert(
      fc.asyncProperty(request, async ([route, payload]) => {
        const [method, path] = route.split(' ');
        const res = await api().app.request(path, { method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: payload });
        const reply = (await res.json()) as { success: boolean; message?: string };
        expect(res.status, `${method} ${path} ${payload}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(reply.success).toBe(false);
          expect(reply.message).toMatch(/\S/);
        }
      }),
      { numRuns: 400 },
    );
    await api().app.settled();
  });
});
