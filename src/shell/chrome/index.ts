/**
 * The one script every page runs, no React. At load it shows state: the count badges, the user area,
 * the footer's layout, and hides the bar on scroll (the wishlist hearts are the card pages' own:
 * features/catalog/CardHearts.astro); once the page has loaded it registers the service worker. Toasts and the handlers for
 * what a shopper does (card buttons, menus, drawer, route spinner, Logout) are in interactive.ts,
 * loaded on the first pointer, touch, focus or key event, the first toast, or at once when a tap was
 * held before this script ran: the text pages' budget is 10 KB.
 */
import { initBadges } from './badges.ts';
import { initFooter } from './footer.ts';
import { initHeaderScroll } from './header-scroll.ts';
import { initSession } from './session.ts';
import { runLater } from '#components/later.ts';
import type { TapQueue } from '#components/tap-queue.ts';
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
/**
 * interactive.ts is built as its own script inside `<template data-later="chrome">` (BaseLayout,
 * components/later.ts). A tap on one of its buttons before it has run is held by the page's inline
 * tap queue (layouts/head-html.ts) and clicked again once it has (components/tap-queue.ts).
 */
let loading = false;
function load() {
  if (loading) return;
  loading = true;
  for (const type of EVENTS) removeEventListener(type, load, true);
  runLater('chrome');
}
for (const type of EVENTS) addEventListener(type, load, { capture: true, passive: true });
// A tap held before this script ran (components/tap-queue.ts): the handlers are asked for at once,
// as a touch would have. Not through tap-queue.ts, whose replay would then come in every page's script.
if (window.tapQueue?.length) load();
// The pages without the chrome carry no inline queue (their budgets): there the one button the
// chrome's handlers serve, the account bar's Logout, is queued here when tapped before they are in.
else if (!window.tapQueue)
  addEventListener('click', (e) => {
    const logout = (e.target as Element).closest<HTMLElement>('[data-logout]');
    if (logout) (window.tapQueue ??= [] as unknown as TapQueue).push([logout, 'chrome']);
  }, true);
// Toasts are drawn by interactive.ts: a notice raised before any interaction loads it at once.
const stopToasts = $toasts.listen(() => {
  stopToasts();
  load();
});
