/** What every way of signing in ends with (the stored copy of the account is view.ts's). */
import { signIn } from '#features/session/user.ts';
import { paths } from '#lib/paths.ts';
import { safeReturnPath } from '#lib/return-path.ts';
import type { SignedIn } from './api.ts';

/** To / 1 s after sign-in or verification, once the shopper has seen it succeed. */
export const SIGNED_IN_REDIRECT_MS = 1000;

/** The page sign-in was asked from (`?next=`, a same-site path only), or home. */
export function afterSignIn(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get('next')) ?? paths.home();
}

/**
 * Every way of signing in ends here: the token and details stored, then, after 1 s, the page the
 * shopper was sent to sign in from (`?next=`), or home.
 */
export function completeSignIn(
  { token, account }: SignedIn,
  go: (url: string) => void = (url) => location.assign(url),
  search: string = location.search,
): void {
  signIn(token, { name: account.name, email: account.email, phone: account.phone });
  setTimeout(() => go(afterSignIn(search)), SIGNED_IN_REDIRECT_MS);
}
