/**
 * The session's calls: ending it on the server (logout) and every call made with the stored token.
 * Kept apart from store.ts, which every page loads before any interaction: this module comes with
 * the HTTP client, and only the pages and handlers that call the API load it.
 */
import { ApiClient, type ApiRequest, type ApiResult } from '#lib/api.ts';
import { paths } from '#lib/paths.ts';
import { $token } from './store.ts';
import { clearSession, logout } from './user.ts';

/** POST /api/auth/logout with the token: the server revokes it. Must not throw. */
export function revokeToken(token: string, client: ApiClient = new ApiClient()): Promise<ApiResult<unknown>> {
  return client.request('/api/auth/logout', { method: 'POST', token });
}

/** The header's profile menu and the drawer's Logout: revoke, forget, reload. */
export function signOut(client?: ApiClient, reload?: () => void): Promise<void> {
  return logout((token) => revokeToken(token, client), reload);
}

let leaving = false;
if (typeof window !== 'undefined') {
  // A page brought back from the back-forward cache may have to send the shopper again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false;
  });
}

/**
 * A 401 means the token is unknown, expired or revoked: it is forgotten and the shopper goes to
 * sign in, once. A page often has several calls answered 401 together (the account, the cart and
 * the wishlist); a second navigation would abort the first one under way.
 */
export function sessionExpired(go: (url: string) => void = (url) => location.assign(url)): void {
  clearSession();
  if (leaving) return;
  leaving = true;
  go(paths.signin());
}

export interface AuthedOptions {
  client?: ApiClient;
  /** What a 401 does; sessionExpired by default. */
  onExpired?: () => void;
}

/**
 * A request sent with the stored token (`Authorization: Bearer`). Without a token it is not sent
 * and reads as a 401. A 401 reply ends the session (`onExpired`) before the result is returned.
 */
export async function authedRequest(
  path: string,
  req: ApiRequest = {},
  { client = new ApiClient(), onExpired = sessionExpired }: AuthedOptions = {},
): Promise<ApiResult<unknown>> {
  const token = $token.get()?.trim();
  const result: ApiResult<unknown> = token
    ? await client.request(path, { ...req, token })
    : { ok: false, error: { kind: 'http', status: 401, message: 'Please sign in again.' } };
  if (!result.ok && result.error.status === 401) onExpired();
  return result;
}
