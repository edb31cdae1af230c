/**
 * The session: signed in means a token exists in localStorage (`token`), with the shopper's name
 * beside it (`userName`), both plain strings. Every API module takes the token from here.
 *
 * Every page loads this module before any interaction (the chrome's user area), inside the text
 * pages' 10 KB: what signing in and out writes lives in user.ts, the calls in api.ts.
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

export const $token = persistentAtom<string | undefined>('token', undefined);
export const $userName = persistentAtom<string | undefined>('userName', undefined);
export const $signedIn = computed($token, (token) => Boolean(token && token.trim()));
