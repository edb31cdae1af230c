/**
 * Signed-in or not: `html[data-signed-in]` shows `[data-signed-in-only]` (profile menu, drawer Logout)
 * and hides `[data-signed-out-only]` (Sign In), through global.css. An inline script in BaseLayout sets
 * it before the first paint; this keeps it live when another tab signs in or out.
 */
import { $signedIn } from '#features/session/store.ts';

export function initSession(): void {
  $signedIn.subscribe((signedIn) => document.documentElement.toggleAttribute('data-signed-in', signedIn));
}
