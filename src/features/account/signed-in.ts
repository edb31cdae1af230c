/** What every way of signing in ends with (the stored copy of the account is view.ts's). */
import { signIn } from '#features/session/user.ts';
import { paths } from '#lib/paths.ts';
import { safeReturnPath } from '#lib/return-path.ts';
import type { SignedIn } from './api.ts';

/** To the page sign-in was asked from (or /) 1 s after sign-in or verification, once the shopper has seen it succeed. */
export const SIGNED_IN_REDIRECT_MS = 1000;

/**
 * Where a sign-in lands: the page it was asked from, else home. That page is `?next=` when a page
 * sent the shopper here (a lapsed session on the account pages), else the page of this store the
 * shopper followed a Sign In link from (the referrer: every link to sign-in comes back without
 * carrying anything). Either must pass lib/return-path.ts: a path of this store, no sign-in page.
 */
export function afterSignIn(search: string, referrer = '', origin = ''): string {
  const next = safeReturnPath(new URLSearchParams(search).get('next'));
  if (next) return next;
  let from: URL | undefined;
  try {
    from = referrer ? new URL(referrer) : undefined;
  } catch {
    // Not an address: nothing to go back to.
  }
  const back = from && origin && from.origin === origin ? safeReturnPath(from.pathname + from.search + from.hash) : undefined;
  return back ?? paths.home();
}

/**
 * Every way of signing in ends here: the token and details stored, then, after 1 s, the page the
 * shopper came to sign in from (afterSignIn), or home.
 */
export function completeSignIn(
  { token, account }: SignedIn,
  go: (url: string) => void = (url) => location.assign(url),
  from: { search: string; referrer: string; origin: string } = { search: location.search, referrer: document.referrer, origin: location.origin },
): void {
  signIn(token, { name: account.name, email: account.email, phone: account.phone });
  setTimeout(() => go(afterSignIn(from.search, from.referrer, from.origin)), SIGNED_IN_REDIRECT_MS);
}
