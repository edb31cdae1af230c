/** The browser's side of a session: what signing in ends with, and the stored copy of the account. */
import { $userName } from '#features/session/store.ts';
import { $userAddress, $userEmail, $userJoinDate, $userPhone, signIn } from '#features/session/user.ts';
import { paths } from '#lib/paths.ts';
import type { Account, SignedIn } from './api.ts';

/** SPEC.md section 9: to / 1 s after sign-in or verification. */
export const SIGNED_IN_REDIRECT_MS = 1000;

/** Every way of signing in ends here: the token and details stored, then home after 1 s. */
export function completeSignIn({ token, account }: SignedIn, go: (url: string) => void = (url) => location.assign(url)): void {
  signIn(token, { name: account.name, email: account.email, phone: account.phone });
  setTimeout(() => go(paths.home()), SIGNED_IN_REDIRECT_MS);
}

/** Keeps the browser's copy of the account (SPEC.md section 3's keys) as the server last gave it. */
export function rememberAccount(account: Account): void {
  $userName.set(account.name || undefined);
  $userEmail.set(account.email || undefined);
  $userPhone.set(account.phone || undefined);
  $userAddress.set(account.address || undefined);
  $userJoinDate.set(account.createdAt || undefined);
}
