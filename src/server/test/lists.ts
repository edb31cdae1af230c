/**
 * Requests to the signed-in cart and wishlist API for their suites: a call with a Bearer token and
 * an optional Idempotency-Key (the accounts helper's `call` sends neither header).
 *
 *   const send = listCaller(api);
 *   const reply = await send('POST', '/api/cart', { token, key: 'k-1', body: { items } });
 */
import { expect } from 'vitest';
import type { AccountsApi, Reply } from './accounts.ts';

export interface ListCall {
  token?: string;
  /** The Idempotency-Key header's value, sent as is. */
  key?: string;
  /** A JSON value, or a string sent as the raw body. */
  body?: unknown;
}

export function listCaller(api: () => AccountsApi) {
  return async (method: string, path: string, { token, key, body }: ListCall = {}): Promise<Reply> => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    if (key !== undefined) headers['Idempotency-Key'] = key;
    const res = await api().app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
}

/** Calls as [method, path, body]: each is refused with a 401 asking to sign in again, with each of these tokens. */
export async function expectEachNeedsSignIn(
  send: ReturnType<typeof listCaller>,
  calls: readonly [string, string, unknown][],
  tokens: readonly (string | undefined)[],
): Promise<void> {
  for (const [method, path, body] of calls) {
    for (const token of tokens) {
      const reply = await send(method, path, { token, body });
      expect(reply.status, `${method} ${path}`).toBe(401);
      expect(reply.body).toMatchObject({ success: false, message: 'Please sign in again.' });
    }
  }
}
