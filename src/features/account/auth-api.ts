/**
 * The accounts' calls of the signed-out pages (contract in src/lib/schemas/account.ts): sign-in,
 * registration and its code, the forgotten password and its reset. Read as api.ts reads every
 * accounts reply.
 */
import * as z from 'zod/mini';
import { ApiClient } from '#lib/api.ts';
import { FALLBACK, id, read, tidy, toAccount, UserSchema, type Outcome, type SignedIn } from './api.ts';

/** What a failed sign-in, registration or verification says when the server's reply carries no message. */
export const AUTH_FALLBACK = {
  login: 'Login failed. Please check your credentials.',
  register: 'Registration failed. Please try again.',
  verify: 'Verification failed. Please try again.',
} as const;

const SignedInSchema = z.object({ token: z.string().check(z.minLength(1)), user: UserSchema });
const RegisteredSchema = z.object({ userId: id });

const signedIn = (reply: z.infer<typeof SignedInSchema>): SignedIn => ({ token: reply.token, account: toAccount(reply.user) });

export type LoginOutcome = Outcome<SignedIn> | { ok: false; needsVerification: true; userId: string; message: string };

/** POST /api/users/login. A 403 with `needsVerification` asks for the e-mailed code of `userId`. */
export async function login(email: string, password: string, client = new ApiClient()): Promise<LoginOutcome> {
  const result = await client.request('/api/users/login', { method: 'POST', body: { email, password }, keepReply: true });
  if (!result.ok && result.error.status === 403) {
    const reply = tidy(result.error.reply) as { needsVerification?: unknown } | undefined;
    const pending = RegisteredSchema.safeParse(reply);
    if (reply?.needsVerification === true && pending.success)
      return { ok: false, needsVerification: true, userId: pending.data.userId, message: result.error.message };
  }
  return read(result, SignedInSchema, AUTH_FALLBACK.login, signedIn);
}

export interface Registration {
  name: string;
  email: string;
  /** Optional: left out of the body when blank. */
  phone: string;
  password: string;
}

/** POST /api/users/register: the server mails a 6-digit code and names the account to verify. */
export async function register(form: Registration, client = new ApiClient()): Promise<Outcome<{ userId: string }>> {
  const body = { name: form.name, email: form.email, password: form.password, ...(form.phone.trim() ? { phone: form.phone } : {}) };
  const result = await client.request('/api/users/register', { method: 'POST', body });
  return read(result, RegisteredSchema, AUTH_FALLBACK.register, (r) => ({ userId: r.userId }));
}

/** POST /api/users/verify: the right code signs the shopper in. */
export async function verify(userId: string, verificationCode: string, client = new ApiClient()): Promise<Outcome<SignedIn>> {
  const result = await client.request('/api/users/verify', { method: 'POST', body: { userId, verificationCode } });
  return read(result, SignedInSchema, AUTH_FALLBACK.verify, signedIn);
}

/** POST /api/users/verify/resend: a fresh code by mail (the old one stops working; rate limited). */
export async function resendCode(userId: string, client = new ApiClient()): Promise<Outcome> {
  const result = await client.request('/api/users/verify/resend', { method: 'POST', body: { userId } });
  return read(result, z.object({}), FALLBACK.generic, () => ({}));
}

/** POST /api/users/forgotpassword: the same reply whether or not an account exists. */
export async function forgotPassword(email: string, client = new ApiClient()): Promise<Outcome> {
  const result = await client.request('/api/users/forgotpassword', { method: 'POST', body: { email } });
  if (!result.ok) return { ok: false, message: FALLBACK.generic, status: result.error.status, fields: result.error.fields };
  return read(result, z.object({}), FALLBACK.generic, () => ({}));
}

/** PUT /api/users/passwordreset/{token} with the new password. */
export async function resetPassword(token: string, password: string, client = new ApiClient()): Promise<Outcome> {
  const result = await client.request(`/api/users/passwordreset/${encodeURIComponent(token)}`, { method: 'PUT', body: { password } });
  return read(result, z.object({}), FALLBACK.generic, () => ({}));
}

