import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '#lib/api.ts';
import { useStandInApi, type SeenRequest } from '#lib/test/stand-in-api.ts';
import { changePassword, currentAccount, failureMessage, updateProfile } from './api.ts';
import { AUTH_FALLBACK, forgotPassword, login, register, resendCode, resetPassword, verify } from './auth-api.ts';

const user = {
  id: 'u1',
  name: 'Ayesha Khan',
  email: 'ayesha@example.pk',
  phone: '',
  address: '',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};
const account = { ...user };

/** A stand-in for the accounts API (auth contract), answering by method, path and body. */
function reply(seen: SeenRequest): [number, unknown] {
  const body = (seen.body ?? {}) as Record<string, string>;
  const route = `${seen.method} ${seen.url.split('?')[0]}`;
  switch (route) {
    case 'POST /api/users/login':
      if (body.email === 'new@example.pk')
        return [
          403,
          { success: false, needsVerification: true, userId: 'u9', message: 'Please verify your e-mail first. We sent a new code to new@example.pk.' },
        ];
      if (body.email === 'down@example.pk') return [502, 'Bad gateway'];
      if (body.email === 'odd@example.pk') return [200, { success: true, token: '', user }];
      if (body.password !== 'Secret123!') return [401, { success: false, message: 'Invalid e-mail or password.' }];
      return [200, { success: true, token: 'tok-1', user, message: 'Signed in.' }];
    case 'POST /api/users/register':
      if (body.email === 'taken@example.pk') return [409, { success: false, message: 'An account with this e-mail already exists. Please sign in.' }];
      if (body.email === 'bad') return [400, { success: false, message: 'Please check the form.', errors: { email: 'Please enter a valid e-mail.' } }];
      return [201, { success: true, userId: 'u2', message: `We sent a 6-digit code to ${body.email}.` }];
    case 'POST /api/users/verify':
      if (body.verificationCode !== '123456') return [400, { success: false, message: 'The code is not right. Please check it and try again.' }];
      return [200, { success: true, token: 'tok-2', user: { ...user, id: 7, phone: null }, message: 'Your e-mail is verified.' }];
    case 'POST /api/users/verify/resend':
      if (body.userId === 'busy') return [429, { success: false, message: 'Too many codes requested. Please try again in 42 minutes.' }];
      return [200, { success: true, message: 'We sent a new code to ayesha@example.pk.' }];
    case 'POST /api/users/forgotpassword':
      if (body.email === 'boom@example.pk') return [500, { success: false, message: 'Server Error' }];
      return [200, { success: true, message: 'If an account exists for that e-mail, we have sent a link to reset the password.' }];
    case 'PUT /api/users/passwordreset/good%2Ftoken':
      return [200, { success: true, message: 'Your password has been reset. Please sign in.' }];
    case 'PUT /api/users/passwordreset/used':
      return [400, { success: false, message: 'This reset link is not valid or has expired. Please ask for a new one.' }];
    case 'GET /api/users/me':
      if (seen.auth !== 'Bearer tok-1') return [401, { success: false, message: 'Please sign in again.' }];
      return [200, { success: true, data: user }];
    case 'PUT /api/users/profile/u1':
      if (seen.auth !== 'Bearer tok-1') return [401, { success: false, message: 'Please sign in again.' }];
      return [200, { success: true, data: { ...user, ...body }, message: 'Profile updated.' }];
    case 'PUT /api/users/profile/u1/password':
      if (body.currentPassword !== 'Secret123!')
        return [400, { success: false, message: 'The current password is not right.', errors: { currentPassword: 'The current password is not right.' } }];
      return [200, { success: true, message: 'Password changed. Other devices were signed out.' }];
  }
  return [404, { success: false, message: 'Not found' }];
}

const api = useStandInApi(reply);
const seen = api.seen;
let client: ApiClient;
beforeAll(() => {
  useTestStorageEngine();
  client = api.client();
});
afterEach(() => {
  cleanTestStorage();
});

describe('login', () => {
  it('reads the token and the user into an Account', async () => {
    expect(await login('ayesha@example.pk', 'Secret123!', client)).toEqual({ ok: true, message: 'Signed in.', token: 'tok-1', account });
    expect(seen[0]).toMatchObject({ method: 'POST', body: { email: 'ayesha@example.pk', password: 'Secret123!' } });
  });
  it("shows the server's message, or 'Login failed. Please check your credentials.'", async () => {
    expect(await login('ayesha@example.pk', 'wrong', client)).toMatchObject({ ok: false, status: 401, message: 'Invalid e-mail or password.' });
    expect(await login('down@example.pk', 'x', client)).toMatchObject({ ok: false, status: 502, message: 'Login failed. Please check your credentials.' });
    expect(await login('odd@example.pk', 'x', client)).toEqual({ ok: false, message: 'Login failed. Please check your credentials.' });
    expect(await login('a@b.pk', 'x', new ApiClient('http://127.0.0.1:9'))).toMatchObject({
      ok: false,
      message: 'Login failed. Please check your credentials.',
    });
  });
  it('reads a 403 needsVerification reply as the code step for its userId', async () => {
    expect(await login('new@example.pk', 'Secret123!', client)).toEqual({
      ok: false,
      needsVerification: true,
      userId: 'u9',
      message: 'Please verify your e-mail first. We sent a new code to new@example.pk.',
    });
  });
});

describe('register, verify and resend', () => {
  it('registers and leaves a blank phone out of the body', async () => {
    const form = { name: 'Ayesha', email: 'ayesha@example.pk', phone: '  ', password: 'Secret123!' };
    expect(await register(form, client)).toEqual({ ok: true, message: 'We sent a 6-digit code to ayesha@example.pk.', userId: 'u2' });
    expect(seen[0].body).toEqual({ name: 'Ayesha', email: 'ayesha@example.pk', password: 'Secret123!' });
    await register({ ...form, phone: '0300 1234567' }, client);
    expect(seen[1].body).toMatchObject({ phone: '0300 1234567' });
  });
  it("shows the server's message and its field errors, or 'Registration failed. Please try again.'", async () => {
    const form = { name: 'A', email: 'taken@example.pk', phone: '', password: 'x' };
    expect(await register(form, client)).toMatchObject({ ok: false, status: 409, message: 'An account with this e-mail already exists. Please sign in.' });
    expect(await register({ ...form, email: 'bad' }, client)).toMatchObject({ ok: false, fields: { email: 'Please enter a valid e-mail.' } });
    expect(await register(form, new ApiClient('http://127.0.0.1:9'))).toMatchObject({ ok: false, message: 'Registration failed. Please try again.' });
  });
  it('verifies into a signed-in account (numeric ids and null phones read as strings)', async () => {
    expect(await verify('u2', '123456', client)).toEqual({ ok: true, message: 'Your e-mail is verified.', token: 'tok-2', account: { ...account, id: '7' } });
    expect(await verify('u2', '000000', client)).toMatchObject({ ok: false, message: 'The code is not right. Please check it and try again.' });
    expect(await verify('u2', '123456', new ApiClient('http://127.0.0.1:9'))).toMatchObject({ ok: false, message: 'Verification failed. Please try again.' });
  });
  it('resends a code and shows the rate limit', async () => {
    expect(await resendCode('u2', client)).toEqual({ ok: true, message: 'We sent a new code to ayesha@example.pk.' });
    expect(await resendCode('busy', client)).toMatchObject({ ok: false, status: 429, message: 'Too many codes requested. Please try again in 42 minutes.' });
  });
});

describe('forgot and reset password', () => {
  it("shows the server's message on success and 'Something went wrong. Please try again.' on failure", async () => {
    expect(await forgotPassword('ayesha@example.pk', client)).toEqual({
      ok: true,
      message: 'If an account exists for that e-mail, we have sent a link to reset the password.',
    });
    expect(await forgotPassword('boom@example.pk', client)).toMatchObject({ ok: false, message: 'Something went wrong. Please try again.' });
  });
  it('puts the new password to the token, encoded', async () => {
    expect(await resetPassword('good/token', 'NewSecret1!', client)).toEqual({ ok: true, message: 'Your password has been reset. Please sign in.' });
    expect(seen[0]).toMatchObject({ method: 'PUT', body: { password: 'NewSecret1!' } });
    expect(await resetPassword('used', 'NewSecret1!', client)).toMatchObject({
      ok: false,
      message: 'This reset link is not valid or has expired. Please ask for a new one.',
    });
    expect(await resetPassword('used', 'x', new ApiClient('http://127.0.0.1:9'))).toMatchObject({
      ok: false,
      message: 'Something went wrong. Please try again.',
    });
  });
});

describe('calls with the token', () => {
  it('reads the current user with ?timestamp and the Bearer token', async () => {
    setTestStorageKey('token', 'tok-1');
    const onExpired = vi.fn();
    expect(await currentAccount({ client, onExpired }, 1234)).toEqual({ ok: true, message: '', account });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/users/me?timestamp=1234', auth: 'Bearer tok-1' });
    expect(onExpired).not.toHaveBeenCalled();
  });
  it('saves the profile and changes the password', async () => {
    setTestStorageKey('token', 'tok-1');
    const changes = { name: 'Ayesha K', phone: '03001234567', address: 'House 5, Street 2, Lahore' };
    expect(await updateProfile('u1', changes, { client })).toEqual({ ok: true, message: 'Profile updated.', account: { ...account, ...changes } });
    expect(seen[0].body).toEqual(changes);
    const change = { currentPassword: 'wrong', newPassword: 'N3w!pass', confirmPassword: 'N3w!pass' };
    expect(await changePassword('u1', change, { client })).toMatchObject({
      ok: false,
      message: 'The current password is not right.',
      fields: { currentPassword: 'The current password is not right.' },
    });
    expect(await changePassword('u1', { ...change, currentPassword: 'Secret123!' }, { client })).toEqual({
      ok: true,
      message: 'Password changed. Other devices were signed out.',
    });
  });
  it('a 401 on the account page ends the session: the token and the details are forgotten and sign-in is asked, to come back', async () => {
    for (const [key, value] of Object.entries({
      token: 'revoked',
      userName: 'Ayesha',
      userEmail: 'a@b.pk',
      userPhone: '0300',
      userAddress: 'Lahore',
      userJoinDate: '2026-01-05',
      guestCart: '[]',
    })) {
      setTestStorageKey(key, value);
    }
    const go = vi.fn();
    const { sessionExpired } = await import('#features/session/api.ts');
    const notify = vi.fn();
    expect(await currentAccount({ client, onExpired: () => sessionExpired({ here: '/account/', go, notify }) })).toMatchObject({ ok: false, status: 401, message: 'Please sign in again.' });
    expect(go).toHaveBeenCalledWith('/signin/?next=%2Faccount%2F');
    expect(notify).not.toHaveBeenCalled();
    expect(getTestStorage()).toEqual({ guestCart: '[]' });
  });
  it('without a token nothing is sent and it reads as a 401', async () => {
    const onExpired = vi.fn();
    expect(await updateProfile('u1', { name: 'x', phone: '', address: '' }, { client, onExpired })).toMatchObject({ ok: false, status: 401 });
    expect(seen).toEqual([]);
    expect(onExpired).toHaveBeenCalledOnce();
  });
});

describe('failureMessage', () => {
  it("shows the server's message, else the fallback", () => {
    expect(failureMessage({ kind: 'http', status: 401, message: 'Invalid e-mail or password.' }, AUTH_FALLBACK.login)).toBe('Invalid e-mail or password.');
    expect(failureMessage({ kind: 'http', status: 429, message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' }, AUTH_FALLBACK.login)).toMatch(
      /^Too many/,
    );
    expect(failureMessage({ kind: 'http', status: 404, message: 'Request failed (Status: 404)' }, AUTH_FALLBACK.login)).toBe(AUTH_FALLBACK.login);
    expect(failureMessage({ kind: 'http', status: 500, message: 'Server Error' }, AUTH_FALLBACK.login)).toBe(AUTH_FALLBACK.login);
    expect(failureMessage({ kind: 'http', status: 502, message: '<html>Bad gateway</html>' }, AUTH_FALLBACK.login)).toBe(AUTH_FALLBACK.login);
    expect(failureMessage({ kind: 'network', message: 'Could not reach the store (http://x).' }, AUTH_FALLBACK.register)).toBe(AUTH_FALLBACK.register);
    expect(failureMessage({ kind: 'validation', message: 'Invalid response format' }, AUTH_FALLBACK.verify)).toBe(AUTH_FALLBACK.verify);
  });
});
