/**
 * The chrome's parts that only matter once a shopper interacts: toasts, card buttons, menus, the
 * drawer, the route spinner, Logout, the loader of the search suggestions and the notice of a newer
 * build (features/offline/update-notice.ts). index.ts loads this module on the first
 * pointer, touch, focus or key event, so pages pay nothing for it before then; it says
 * `chrome:ready` on document (and sets `html[data-chrome-ready]`) when its handlers are in place, then
 * clicks again what was tapped before (components/tap-queue.ts).
 */
import { initCardButtons } from '#features/catalog/card-buttons.ts';
import { heartSettled } from '#features/catalog/card-hearts.ts';
import { signOut } from '#features/session/api.ts';
import { initSuggestLoader } from '#features/search/suggest-loader.ts';
import { initDrawer } from './drawer.ts';
import { initMenuButton } from './menu-button.ts';
import { initSpinner } from './spinner.ts';
import { initToasts } from './toasts.ts';
import { initUpdateNotice } from '#features/offline/update-notice.ts';
import { replayTaps } from '#components/tap-queue.ts';

initToasts();
initCardButtons();
document.querySelectorAll<HTMLButtonElement>('button[aria-haspopup="menu"]').forEach(initMenuButton);
initDrawer();
initSpinner();
initSuggestLoader();
void initUpdateNotice();
document.addEventListener('click', (event) => {
  if ((event.target as Element).closest('[data-logout]')) void signOut();
});
document.documentElement.toggleAttribute('data-chrome-ready', true);
document.dispatchEvent(new Event('chrome:ready'));
// A held heart tapped back to what the wishlist holds is not clicked: its last state wins.
replayTaps('chrome', heartSettled);
