/**
 * The sync in the page, run only when a token exists (src/shell/chrome/session.ts runs it from
 * `<template data-later="sync">`; guests never download it). On every page load of a signed-in
 * shopper, and whenever a session begins in this or another tab: adopt lists found unmarked
 * (features/session/adopt.ts), flush the outbox, then pull, so another device's changes show after a reload. Then:
 *   - a change made here (the stores change) or queued by another tab: flush;
 *   - back online, or the page visible again: flush and pull at once (no waiting for the backoff);
 *   - the session ends: stop (the lists are emptied by session.ts).
 * Two tabs never send at once: the flush holds a Web Lock where the browser has them (the
 * Idempotency-Keys make a double send harmless anyway).
 */
import { $cart } from '#features/cart/store.ts';
import { $wishlist } from '#features/wishlist/store.ts';
import { $signedIn } from '#features/session/store.ts';
import { onSignOutFlush } from '#features/session/user.ts';
import { showToast } from '#features/toasts/actions.ts';
import { adoptGuestLists } from '#features/session/adopt.ts';
import { OUTBOX_PREFIX } from '#lib/outbox-keys.ts';
import { createSyncWorker, type SyncWorker } from './worker.ts';

const NOTICE_MS = 4000;

function exclusive<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks ? (navigator.locks.request('kiryana-sync-outbox', task) as Promise<unknown> as Promise<T>) : task();
}

let worker: SyncWorker | undefined;

$signedIn.subscribe((signedIn) => {
  worker?.stop();
  worker = undefined;
  if (!signedIn) return;
  try {
    adoptGuestLists();
  } catch {
    return; // No storage: nothing to keep or send.
  }
  worker = createSyncWorker({ exclusive, notify: (message) => showToast(message, 'cart', NOTICE_MS) });
  void worker.kick({ pull: true });
});

const flushNow = () => worker?.kick() ?? Promise.resolve();
onSignOutFlush(flushNow);
$cart.listen(() => void flushNow());
$wishlist.listen(() => void flushNow());
addEventListener('storage', (event) => {
  if (event.key?.startsWith(OUTBOX_PREFIX) && event.newValue) void flushNow();
});
addEventListener('online', () => void worker?.kick({ pull: true }));
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void worker?.kick({ pull: true });
});
