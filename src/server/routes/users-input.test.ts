/**
 * Every accounts body is checked (and the signed-in shopper's review, cart and wishlist
 * bodies): unknown fields, bounds and bad values are a 400 naming the field, never a 500.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_FIELD_MESSAGES as F } from '#lib/schemas/account.ts';
import { TEST_PASSWORD, useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

/** Shaped as a registration attempt's id (verify and resend take one), known to no one. */
const ATTEMPT = 'A'.repeat(43);

describe.each(testDatabases)('accounts input on $name', (target) => {
  const database = useDatabase(target);
  const api = useAccountsApi(database);
  let session: { userId: string; token: string; email: string };
  const signedIn = async () => (session ??= await api().signUp());

  /** [method, path (with :id for the signed-in user), a valid body] */
  const ROUTES: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/users/register', { name: 'Ayesha', email: 'a@example.pk', password: TEST_PASSWORD }],
    ['POST', '/api/users/verify', { userId: ATTEMPT, verificationCode: '123456' }],
    ['POST', '/api/users/verify/resend', { userId: ATTEMPT }],
    ['POST', '/api/users/login', { email: 'a@example.pk', password: TEST_PASSWORD }],
    ['PUT', '/api/users/profile/:id', { name: 'Ayesha' }],
    ['PUT', '/api/users/profile/:id/password', { currentPassword: TEST_PASSWORD, newPassword: 'new password', confirmPassword: 'new password' }],
    ['POST', '/api/users/forgotpassword', { email: 'a@example.pk' }],
    ['PUT', `/api/users/passwordreset/${'A'.repeat(43)}`, { password: 'new password' }],
    ['POST', '/api/users/:id/review', { productId: 'milk-1l', rating: 5, comment: 'Good.' }],
    ['POST', '/api/users/addresses', { label: 'Home', address: '7 Canal View', city: 'Lahore', province: 'PB' }],
    ['POST', '/api/wishlist', { productIds: ['milk-1l'] }],
    ['POST', '/api/cart', { items: [{ productId: 'milk-1l', quantity: 1 }] }],
    ['PUT', '/api/cart/update', { productId: 'milk-1l', quantity: 1 }],
    ['DELETE', '/api/cart/remove', { productId: 'milk-1l' }],
  ];
  const send = async (method: string, path: string, body: unknown) => {
    const { userId, token } = await signedIn();
    return api().call(method, path.replace(':id', userId), body, token);
  };

  it.each(ROUTES)('%s %s refuses an unknown field, naming it', async (method, path, valid) => {
    const reply = await send(method, path, { ...valid, isAdmin: true });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, message: "Unknown field 'isAdmin'.", errors: { isAdmin: "Unknown field 'isAdmin'." } });
  });

  it.each(ROUTES)('%s %s names an unknown field that an object inherits (valueOf, constructor)', async (method, path, valid) => {
    const reply = await send(method, path, JSON.stringify({ ...valid, valueOf: 1, constructor: 2 }));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: "Unknown field 'valueOf'.", errors: { valueOf: "Unknown field 'valueOf'.", constructor: "Unknown field 'constructor'." } });
  });

  it.each(ROUTES)('%s %s refuses a body that is not a JSON object', async (method, path) => {
    for (const body of ['not json', '[]', 'null', '"text"']) {
      const reply = await send(method, path, body);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, message: 'The request body must be a JSON object.', errors: { body: expect.any(String) } });
    }
  });

  it.each([
    [{ name: 'A'.repeat(101) }, 'name', F.nameLong],
    [{ name: '   ' }, 'name', F.name],
    [{ name: 'Ay\u0000esha' }, 'name', 'Name must not contain control characters.'],
    [{ name: 42 }, 'name', 'name must be a string.'],
    [{ email: `${'a'.repeat(250)}@example.pk` }, 'email', F.emailLong],
    [{ email: 'not-an-email' }, 'email', F.email],
    [{ phone: '1'.repeat(21) }, 'phone', F.phoneLong],
    [{ phone: '0300<script>' }, 'phone', F.phone],
    [{ phone: '0300 12345' }, 'phone', F.phone],
    [{ phone: '+92 (300) 1234567' }, 'phone', F.phone],
    [{ password: 'seven77' }, 'password', 'Password must be at least 8 characters.'],
    [{ password: 'p'.repeat(1025) }, 'password', 'Password must be at most 1024 characters.'],
  ])('register refuses %j, naming %s', async (change, field, message) => {
    const body = { name: 'Ayesha', email: api().email(), password: TEST_PASSWORD, ...change };
    const reply = await api().call('POST', '/api/users/register', body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[field]).toBe(message);
    expect(reply.body.message).toBe(message);
  });

  it('names every bad field at once', async () => {
    const reply = await api().call('POST', '/api/users/register', { name: '', email: 'x', password: 'short' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({ name: F.name, email: F.email, password: F.passwordShort });
  });

  it('accepts passwords of 8, 64 and 1024 characters, of any characters', async () => {
    for (const password of ['8chars!!', 'p'.repeat(64), `${'ü€😀'.repeat(100)}${'x'.repeat(624)}`]) {
      const { email } = await api().signUp(undefined, password);
      expect((await api().call('POST', '/api/users/login', { email, password })).status).toBe(200);
    }
  });

  it.each([
    ['/api/users/verify', { userId: 'not-an-attempt', verificationCode: '123456' }, 'userId', F.userId],
    ['/api/users/verify', { userId: '00000000-0000-4000-8000-000000000000', verificationCode: '123456' }, 'userId', F.userId],
    ['/api/users/verify', { userId: ATTEMPT, verificationCode: '12345' }, 'verificationCode', F.code],
    ['/api/users/verify', { userId: ATTEMPT, verificationCode: '12345a' }, 'verificationCode', F.code],
    ['/api/users/verify', { userId: ATTEMPT }, 'verificationCode', 'verificationCode is required.'],
    ['/api/users/verify/resend', { userId: `${ATTEMPT.slice(1)}\u0000` }, 'userId', F.userId],
    ['/api/users/login', { email: 'a@example.pk', password: '' }, 'password', F.passwordMissing],
    ['/api/users/login', { email: 'a@example.pk', password: 'p'.repeat(1025) }, 'password', F.passwordLong],
    ['/api/users/forgotpassword', { email: 'nope' }, 'email', F.email],
  ])('POST %s refuses %j, naming %s', async (path, body, field, message) => {
    const reply = await api().call('POST', path, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, errors: { [field]: message } });
  });

  it('bounds the profile fields and checks the path id', async () => {
    const { userId, token } = await signedIn();
    const long = await api().call('PUT', `/api/users/profile/${userId}`, { address: 'a'.repeat(501) }, token);
    expect(long).toMatchObject({ status: 400, body: { errors: { address: F.addressLong } } });
    const control = await api().call('PUT', `/api/users/profile/${userId}`, { address: 'a\u0000b' }, token);
    expect(control).toMatchObject({ status: 400, body: { errors: { address: 'Address must not contain control characters.' } } });
    const email = await api().call('PUT', `/api/users/profile/${userId}`, { email: 'new@example.pk' }, token);
    expect(email).toMatchObject({ status: 400, body: { errors: { email: "Unknown field 'email'." } } });
    const badId = await api().call('PUT', '/api/users/profile/%00', { name: 'A' }, token);
    expect(badId).toMatchObject({ status: 400, body: { errors: { userId: F.userId } } });
    const newPassword = await api().call('PUT', `/api/users/profile/${userId}/password`, { currentPassword: TEST_PASSWORD, newPassword: 'short', confirmPassword: 'short' }, token);
    expect(newPassword).toMatchObject({ status: 400, body: { errors: { newPassword: 'New password must be at least 8 characters.' } } });
    expect((await api().call('GET', '/api/users/me', undefined, token)).body.data.address).toBe('');
  });

  it('refuses a body larger than 16 KiB without reading it as JSON', async () => {
    const reply = await api().call('POST', '/api/users/login', { email: 'a@example.pk', password: 'p'.repeat(20_000) });
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ success: false, errors: { body: expect.any(String) } });
  });

  it('refuses an unknown query parameter on /me only after the token is checked', async () => {
    const { token } = await signedIn();
    expect((await api().call('GET', '/api/users/me?admin=1')).status).toBe(401);
    const reply = await api().call('GET', '/api/users/me?admin=1', undefined, token);
    expect(reply).toMatchObject({ status: 400, body: { errors: { admin: 'is not a known parameter' } } });
  });
});
