/**
 * The signed-in shopper's details as SPEC.md section 3 stores them beside the token (`userEmail`,
 * `userPhone`; the profile page adds `userAddress` and `userJoinDate`), and the actions that start
 * and end a session in the browser. Apart from store.ts so the pages that never sign anyone in do
 * not load it.
 */
import { persistentAtom } from '@nanostores/persistent';
import { $token, $userName } from './store.ts';

export const $userEmail = persistentAtom<string | undefined>('userEmail', undefined);
export const $userPhone = persistentAtom<string | undefined>('userPhone', undefined);
export const $userAddress = persistentAtom<string | undefined>('userAddress', undefined);
export const $userJoinDate = persistentAtom<string | undefined>('userJoinDate', undefined);

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
