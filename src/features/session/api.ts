/**
 * The session's calls: ending it on the server (logout) and every call made with the stored token.
 * Kept apart from store.ts, which every page loads before any interaction: this module comes with
 * the HTTP client, and only the pages and handlers that call the API load it.
 */
import { ApiClient, type ApiRequest, type ApiResult } from '#lib/api.ts';
import { needsSignIn, paths } from '#lib/paths.ts';
import { showToast } from '#features/toasts/actions.ts';
import { $signedIn, $token } from './store.ts';
import { clearSession, logout } from './user.ts';
import { ACCOUNT_LISTS_KEY, LAPSED_LISTS_KEY, clearOutbox } from '#lib/outbox-keys.ts';

/** POST /api/auth/logout with the token: the server revokes it. Must not throw. */
export function revokeToken(token: string, client: ApiClient = new ApiClient()): Promise<ApiResult<unknown>> {
  return client.request('/api/auth/logout', { method: 'POST', token });
}

/** The header's profile menu and the drawer's Logout: revoke, forget, reload. */
export function signOut(client?: ApiClient, reload?: () => void): Promise<void> {
  return logout((token) => revokeToken(token, client), reload);
}

/**
 * A session that lapsed (a 401) is not a logout: the shopper may not even know it ended, and the
 * lines they see must not vanish. The account's cache becomes the browser's lists as they stand
 * (the changes not sent yet are in them already; the outbox is dropped, there is no token to send
 * it with), marked as lapsed for the next sign-in (adopt.ts). Run before the token is cleared, so
 * the end of the session finds nothing marked as an account's to empty, here and in other tabs.
 */
function keepLapsedLists(): void {
  try {
    if (!localStorage.getItem(ACCOUNT_LISTS_KEY)) return;
    clearOutbox();
    localStorage.setItem(LAPSED_LISTS_KEY, '1');
  } catch {
    // Storage refused: there are no lists to keep.
  }
}

let answered = false;
if (typeof window !== 'undefined') {
  // A page brought back from the back-forward cache may have to answer a lapsed session again.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) answered = false;
  });
}

/** The one notice of a session found ended on a page anyone may see. */
export const SIGNED_OUT_NOTICE = 'You were signed out. Sign in again to see your account.';
const NOTICE_MS = 6000;

/** Where a lapsed session is found, and how the page answers it (the browser's by default). */
export interface LapseContext {
  /** The page's path, query and fragment. */
  here: string;
  go: (url: string) => void;
  notify: (message: string) => void;
}

const browserContext = (): LapseContext => ({
  here: location.pathname + location.search + location.hash,
  go: (url) => location.assign(url),
  notify: (message) => void showToast(message, 'success', NOTICE_MS),
});

/**
 * A 401 means the token is unknown, expired or revoked (a password changed or reset elsewhere, 30
 * days gone): the session has lapsed. The token and details are forgotten, but what the shopper
 * sees stays: the cart and wishlist become the browser's own (signed-out.ts). On a page anyone may
 * see, the shopper simply goes on as a guest, told once; only the signed-in pages (paths.ts) ask
 * to sign in, which brings them back here. A page often has several calls answered 401 together
 * (the account, the cart and the wishlist): they are answered once.
 */
export function sessionExpired(context?: LapseContext): void {
  const lapsed = $signedIn.get();
  keepLapsedLists();
  clearSession();
  if (answered) return;
  const { here, go, notify } = context ?? browserContext();
  if (needsSignIn(here.split(/[?#]/, 1)[0]!)) {
    answered = true;
    go(paths.signin(here));
  } else if (lapsed) {
    // A guest's call (no token to lapse) has nothing to be told.
    answered = true;
    notify(SIGNED_OUT_NOTICE);
  }
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
