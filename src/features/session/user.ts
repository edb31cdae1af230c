/**
 * The signed-in shopper's details as the browser keeps them beside the token (`userEmail`,
 * `userPhone`; the account and profile pages add `userAddress` and `userJoinDate`), and the actions
 * that write them and start and end a session in the browser: no other module sets the session's
 * stores. Apart from store.ts so the pages that never sign anyone in do not load it.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { User } from '#lib/schemas/account.ts';
import { beginAccountLists } from './adopt.ts';
import { $token, $userName } from './store.ts';
import { $addressBook } from '#lib/stored-addresses.ts';
import { forgetPrivateCopies } from '#features/offline/forget-private.ts';

export const $userEmail = persistentAtom<string | undefined>('userEmail', undefined);
export const $userPhone = persistentAtom<string | undefined>('userPhone', undefined);
export const $userAddress = persistentAtom<string | undefined>('userAddress', undefined);
export const $userJoinDate = persistentAtom<string | undefined>('userJoinDate', undefined);

/** What a sign-in (or a verified registration) stores. */
export type SignedInUser = Pick<User, 'name' | 'email' | 'phone'>;

/** The account as the server last gave it (GET /api/users/me, a profile saved): '' when not given. */
export type AccountDetails = Pick<User, 'name' | 'email' | 'phone' | 'address' | 'createdAt'>;

/** A blank detail is not stored (its key is removed). */
function keepDetails(user: SignedInUser): void {
  $userName.set(user.name || undefined);
  $userEmail.set(user.email || undefined);
  $userPhone.set(user.phone || undefined);
}

/**
 * Stores the token and the shopper's details. The guest's cart and wishlist are queued first for
 * the account (adopt.ts); storing the token starts the sync.
 */
export function signIn(token: string, user: SignedInUser): void {
  beginAccountLists();
  keepDetails(user);
  $token.set(token);
}

/** Keeps the browser's copy of the account's details (their localStorage keys) as the server gave them. */
export function rememberAccount(account: AccountDetails): void {
  keepDetails(account);
  $userAddress.set(account.address || undefined);
  $userJoinDate.set(account.createdAt || undefined);
}

/**
 * Forgets the token and every detail stored with it. The account's cart and wishlist go with it
 * (src/shell/chrome/session.ts reacts to the token's end, in every tab).
 */
export function clearSession(): void {
  for (const $key of [$token, $userName, $userEmail, $userPhone, $userAddress, $userJoinDate]) $key.set(undefined);
  // The account's address book, kept to fill the checkout, goes with the account.
  $addressBook.set(undefined);
}

/** How long a logout waits for the cart and wishlist changes not sent yet. */
export const SIGN_OUT_FLUSH_MS = 4000;

let flushOutbox: (() => Promise<unknown>) | undefined;
/** The sync worker registers how to send the outbox now (features/sync/start.ts). */
export function onSignOutFlush(flush: () => Promise<unknown>): void {
  flushOutbox = flush;
}

/**
 * Logout: sends the cart and wishlist changes not sent yet (for a few seconds at most), asks the
 * server to revoke the token, then removes it and the details, and what the device's caches hold
 * of the shopper (`forget`), and reloads the page, whether or not the server answered.
 */
export async function logout(
  revoke: (token: string) => Promise<unknown>,
  reload: () => void = () => location.reload(),
  flushMs = SIGN_OUT_FLUSH_MS,
  forget: () => Promise<void> = forgetPrivateCopies,
): Promise<void> {
  const token = $token.get();
  if (token) {
    let waited: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([flushOutbox?.(), new Promise((done) => (waited = setTimeout(done, flushMs)))]).catch(() => undefined);
    clearTimeout(waited);
    try {
      await revoke(token);
    } catch {
      // Signed out here all the same: the token is forgotten below.
    }
  }
  clearSession();
  await forget();
  reload();
}
