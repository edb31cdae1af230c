/**
 * The session: signed in means a token exists in localStorage (`token`), with the shopper's name
 * beside it (`userName`). Both are plain strings under the spec's keys. Every API module takes the
 * token from here. Read-only until the accounts issue writes it, except for logout.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

export const $token = persistentAtom<string | undefined>('token', undefined);
export const $userName = persistentAtom<string | undefined>('userName', undefined);
export const $signedIn = computed($token, (token) => Boolean(token && token.trim()));

/** Logout removes the token and reloads the page (SPEC.md section 4). */
export function logout(reload: () => void = () => location.reload()): void {
  $token.set(undefined);
  reload();
}
