/** What every way of signing in ends with (the stored copy of the account is view.ts's). */
import { signIn } from '#features/session/user.ts';
import { paths } from '#lib/paths.ts';
import type { SignedIn } from './api.ts';

/** To / 1 s after sign-in or verification, once the shopper has seen it succeed. */
export const SIGNED_IN_REDIRECT_MS = 1000;

/** Every way of signing in ends here: the token and details stored, then home after 1 s. */
export function completeSignIn({ token, account }: SignedIn, go: (url: string) => void = (url) => location.assign(url)): void {
  signIn(token, { name: account.name, email: account.email, phone: account.phone });
  setTimeout(() => go(paths.home()), SIGNED_IN_REDIRECT_MS);
}
