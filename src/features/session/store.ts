/**
 * The session: signed in means a token exists in localStorage (`token`). Beside it the shopper's
 * details as SPEC.md section 3 stores them (`userName`, `userEmail`, `userPhone`; the profile page
 * adds `userAddress` and `userJoinDate`). All plain strings under the spec's keys. Every API module
 * takes the token from here.
 *
 * Every page loads this module before any interaction (the chrome's user area), so it holds no
 * HTTP code: the calls that end a session on the server are handed in (features/session/logout.ts).
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

export const $token = persistentAtom<string | undefined>('token', undefined);
export const $userName = persistentAtom<string | undefined>('userName', undefined);
export const $userEmail = persistentAtom<string | undefined>('userEmail', undefined);
export const $userPhone = persistentAtom<string | undefined>('userPhone', undefined);
export const $userAddress = persistentAtom<string | undefined>('userAddress', undefined);
export const $userJoinDate = persistentAtom<string | undefined>('userJoinDate', undefined);
export const $signedIn = computed($token, (token) => Boolean(token && token.trim()));

/** What a sign-in (or a verified registration) stores. */
export interface SignedInUser {
  name: string;
  email: string;
  phone: string;
}

/** Stores the token and the shopper's details. */
export function signIn(token: string, user: SignedInUser): void {
  $userName.set(user.name || undefined);
  $userEmail.set(user.email || undefined);
  $userPhone.set(user.phone || undefined);
  $token.set(token);
}

/** Forgets the token and every detail stored with it (the wishlist and guest cart stay). */
export function clearSession(): void {
  for (const $key of [$token, $userName, $userEmail, $userPhone, $userAddress, $userJoinDate]) $key.set(undefined);
}

/**
 * Logout (SPEC.md section 4): asks the server to revoke the token, then removes it and the
 * details and reloads the page, whether or not the server answered.
 */
export async function logout(revoke: (token: string) => Promise<unknown>, reload: () => void = () => location.reload()): Promise<void> {
  const token = $token.get();
  if (token) {
    try {
      await revoke(token);
    } catch {
      // Signed out here all the same: the token is forgotten below.
    }
  }
  clearSession();
  reload();
}
