/**
 * A signed-in shopper's outbox: every change to the cart or wishlist is applied to the
 * local store at once and written here in the same task, so a page closed a moment later loses
 * nothing; the sync worker (src/features/sync/worker.ts, loaded only when a token exists) sends it
 * in order. Below the features: the cart's and the wishlist's actions write it, the sync reads it.
 *
 * Each change is kept under a key of its own, `syncOutbox:<seq>:<id>`, not in one shared list: two
 * tabs that read-modify-write one list could each drop the other's change, while one key a change
 * is written once and removed once. `seq` orders the changes (after every pending one); `id` is
 * random and is sent as the Idempotency-Key, so a change resent after a lost reply is applied once.
 *
 * The store actions load this module (they call `record`): no zod here, and kept small. Reading
 * and checking what is stored is the sync's (src/features/sync/rules.ts); the keys, and
 * forgetting the outbox at a session's end, are outbox-keys.ts's (every page has them).
 */
import type { CartLine, WishlistItem } from '#lib/schemas/cart.ts';
import { ACCOUNT_LISTS_KEY, OUTBOX_PREFIX } from './outbox-keys.ts';

export type SyncOp =
  | { kind: 'cart-add'; lines: CartLine[] }
  | { kind: 'cart-set'; productId: string; quantity: number }
  | { kind: 'cart-remove'; productId: string }
  | { kind: 'cart-clear' }
  | { kind: 'wishlist-add'; items: WishlistItem[] }
  | { kind: 'wishlist-remove'; productId: string }
  | { kind: 'wishlist-clear' };
export type QueuedOp = SyncOp & { id: string };

/** A random Idempotency-Key (crypto.getRandomValues works on plain http too, randomUUID does not). */
export const newOpId = (): string => crypto.getRandomValues(new Uint32Array(4)).join('-');

let lastSeq = 0;
/** Writes `op` to the outbox, after every change this page queued (and, by the clock, other pages'). */
export function enqueue(op: SyncOp, storage: Storage = localStorage): QueuedOp {
  const queued = { ...op, id: newOpId() };
  lastSeq = Math.max(Date.now(), lastSeq + 1);
  storage.setItem(`${OUTBOX_PREFIX}${lastSeq}:${queued.id}`, JSON.stringify(queued));
  return queued;
}

/**
 * What the store actions call after changing a list: recorded only while the lists are a signed-in
 * account's (marked at sign-in, unmarked the moment the token goes: a guest's changes stay
 * in the browser). Must not throw: a refused write leaves the change local, and the next
 * pull shows the account's lists as the server has them.
 */
export function record(op: SyncOp): void {
  try {
    if (localStorage.getItem(ACCOUNT_LISTS_KEY)) enqueue(op);
  } catch {
    // Storage refused (full, or blocked): nothing to keep the change in.
  }
}
