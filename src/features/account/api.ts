/**
 * The accounts' API (contract in src/lib/schemas/account.ts): the signed-in shopper's calls (their
 * account, profile and password), and how every accounts call reads its reply. Every call goes
 * through the ApiClient, never throws, and parses the reply with zod/mini into the app's own types;
 * a failure comes back with the message a shopper sees: the server's when it gave one, else the
 * call's own (failureMessage, FALLBACK). Calls with the token go through authedRequest: a 401
 * ends the session and opens /signin. The calls of the signed-out pages (sign-in, registration, password reset) are
 * in auth-api.ts: the account and profile pages, which load this module at once, do without them.
 */
import { atom } from 'nanostores';
import * as z from 'zod/mini';
import type { ApiError, ApiResult } from '#lib/api.ts';
import { authedRequest, type AuthedOptions } from '#features/session/api.ts';

/**
 * What a failure says when the server's reply carries no message: the signed-in calls here, and
 * the forgotten and reset password (the forgot form shows this even when the server says more).
 * Sign-in, registration and verification have their own words, beside their calls (auth-api.ts).
 */
export const FALLBACK = { generic: 'Something went wrong. Please try again.' } as const;

/**
 * The message a failed call shows: the server's own when it answered the request with one (a 4xx
 * reply), else the fallback. A 5xx, a gateway's page, a timeout or no network say the fallback.
 */
export function failureMessage(error: { kind: string; message: string; status?: number }, fallback: string): string {
  const answered = error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500;
  return answered && error.message && !/^Request failed \(Status: \d+\)$/.test(error.message) ? error.message : fallback;
}

/** The user as the pages use it: phone and address are '' when not given, dates ISO strings. */
export interface Account {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  createdAt: string;
  updatedAt: string;
}

/*
 * zod/mini, and only the checks the pages every shopper loads already use: every zod module the
 * site uses joins the shared chunk of every page (astro.config.mjs), so no z.union, z.literal or
 * z.nullable here. Replies are tidied first instead: numeric ids read as strings, nulls as absent.
 */
export const id = z.string().check(z.minLength(1));
const text = z.optional(z.string());
export const UserSchema = z.object({ id, name: z.string(), email: z.string(), phone: text, address: text, createdAt: text, updatedAt: text });

/** A reply with numeric ids as strings and null fields left out (one level down, where the user is). */
export function tidy(reply: unknown): unknown {
  if (!reply || typeof reply !== 'object' || Array.isArray(reply)) return reply;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(reply)) {
    if (value === null) continue;
    out[key] = typeof value === 'number' && (key === 'id' || key === 'userId') ? String(value) : key === 'user' || key === 'data' ? tidy(value) : value;
  }
  return out;
}

export function toAccount(user: z.infer<typeof UserSchema>): Account {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    address: user.address ?? '',
    createdAt: user.createdAt ?? '',
    updatedAt: user.updatedAt ?? '',
  };
}

const UserReplySchema = z.object({ data: UserSchema });

export type Failure = { ok: false; message: string; status?: number; fields?: Record<string, string> };
export type Outcome<T = object> = ({ ok: true; message: string } & T) | Failure;
export type SignedIn = { token: string; account: Account };

function failed(error: ApiError, fallback: string): Failure {
  return { ok: false, message: failureMessage(error, fallback), status: error.status, fields: error.fields };
}

/** Reads a success reply with `schema`; a reply of another shape is a failure with `fallback`. */
export function read<S extends z.ZodMiniType, T>(result: ApiResult<unknown>, schema: S, fallback: string, shape: (reply: z.infer<S>) => T): Outcome<T> {
  if (!result.ok) return failed(result.error, fallback);
  const parsed = schema.safeParse(tidy(result.data));
  if (!parsed.success) return { ok: false, message: fallback };
  return { ok: true, message: result.message ?? '', ...shape(parsed.data) };
}

/**
 * The account as the account page's islands share it: the page keeps what it loads here
 * (view.ts), the password change form (an island of its own) reads its id from here. In this
 * module, which both load, rather than one of its own: a module alone is a file of its own to
 * download.
 */
export const $account = atom<Account | undefined>(undefined);

/** GET /api/users/me?timestamp={now}: the signed-in shopper (the timestamp keeps caches out). */
export async function currentAccount(options?: AuthedOptions, now = Date.now()): Promise<Outcome<{ account: Account }>> {
  const result = await authedRequest('/api/users/me', { query: { timestamp: now } }, options);
  return read(result, UserReplySchema, FALLBACK.generic, (r) => ({ account: toAccount(r.data) }));
}

export interface ProfileChanges {
  name: string;
  phone: string;
  address: string;
}

/** PUT /api/users/profile/{userId} with name, phone and address. */
export async function updateProfile(userId: string, changes: ProfileChanges, options?: AuthedOptions): Promise<Outcome<{ account: Account }>> {
  const result = await authedRequest(`/api/users/profile/${encodeURIComponent(userId)}`, { method: 'PUT', body: changes }, options);
  return read(result, UserReplySchema, FALLBACK.generic, (r) => ({ account: toAccount(r.data) }));
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** PUT /api/users/profile/{userId}/password: this session stays, every other one is signed out. */
export async function changePassword(userId: string, change: PasswordChange, options?: AuthedOptions): Promise<Outcome> {
  const result = await authedRequest(`/api/users/profile/${encodeURIComponent(userId)}/password`, { method: 'PUT', body: change }, options);
  return read(result, z.object({}), FALLBACK.generic, () => ({}));
}
