/**
 * The one script every page runs, no React. At load it shows state: the count badges, the user area,
 * the footer's layout, and hides the bar on scroll (the wishlist hearts are the card pages' own:
 * features/catalog/CardHearts.astro); once the page has loaded it registers the service worker. Toasts and the handlers for
 * what a shopper does (card buttons, menus, drawer, route spinner, Logout) are in interactive.ts,
 * loaded on the first pointer, touch, focus or key event, or the first toast: the text pages' budget
 * is 10 KB.
 * A button clicked before that module has run is clicked again once it has.
 */
import { initBadges } from './badges.ts';
import { initFooter } from './footer.ts';
import { initHeaderScroll } from './header-scroll.ts';
import { initSession } from './session.ts';
import { runLater } from './later.ts';
import { $toasts } from '#features/toasts/store.ts';

initBadges();
initSession();
initHeaderScroll();
initFooter();
// The service worker (features/offline/worker.ts, built as /sw.js), once the page has loaded: the
// browser then checks for a new build on every page. Written out here, the fewest bytes (the
// budgets); this module always runs before the load event. Telling the shopper of a new build
// waits for the first interaction (features/offline/update-notice.ts, from interactive.ts).
addEventListener('load', () => navigator.serviceWorker?.register('/sw.js').catch(() => {}));

const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
let pending: HTMLElement | null = null;
/** Buttons whose clicks interactive.ts handles (the buy box's own buttons are the product page's script's). */
const LATER_BUTTONS = '[data-wishlist-toggle],[aria-haspopup=menu],[data-drawer-open],[data-drawer-close],[data-logout],[data-item] [data-add-to-cart]:not([data-buy-box] *)';
const early = (event: Event) => {
  pending = (event.target as Element).closest?.<HTMLElement>(LATER_BUTTONS) ?? pending;
};
/**
 * interactive.ts is built as its own script inside `<template data-later="chrome">` (BaseLayout,
 * later.ts). It announces itself with `chrome:ready`, after which a button clicked too early is
 * clicked again.
 */
let loading = false;
function load() {
  if (loading) return;
  loading = true;
  for (const type of EVENTS) removeEventListener(type, load, true);
  runLater('chrome');
}
document.addEventListener('chrome:ready', () => {
  document.documentElement.toggleAttribute('data-chrome-ready', true);
  removeEventListener('click', early, true);
  pending?.click();
});
for (const type of EVENTS) addEventListener(type, load, { capture: true, passive: true });
// Toasts are drawn by interactive.ts: a notice raised before any interaction loads it at once.
const stopToasts = $toasts.listen(() => {
  stopToasts();
  load();
});
addEventListener('click', early, true);
