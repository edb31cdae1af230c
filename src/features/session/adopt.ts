/**
 * The sign-in merge: what the shopper had as a guest becomes part of the account. The guest cart's
 * lines become one cart-add (the server adds the quantities and caps them by stock) and the guest
 * wishlist's items one wishlist-add, written to the outbox before the token is stored; the worker
 * sends them and then pulls the merged lists.
 *
 * Only a guest's lists are merged: once merged they are marked (ACCOUNT_LISTS_KEY) as the account's
 * cache, and a cache is never merged back (that would add every quantity to itself).
 *
 * The session's part, beside its end (signed-out.ts): a session's start and end decide whose the
 * local lists are; the sync (features/sync) only sends and pulls them.
 */
import { $cart } from '#features/cart/store.ts';
import { $wishlist } from '#features/wishlist/store.ts';
import { ACCOUNT_LISTS_KEY, LAPSED_LISTS_KEY } from '#lib/outbox-keys.ts';
import { enqueue, type SyncOp } from '#lib/outbox.ts';
import { forgetAccountLists } from './signed-out.ts';
import { SYNC_LIMITS } from '#lib/schemas/sync-rules.ts';
import type { CartLine, WishlistItem } from '#lib/schemas/cart.ts';

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += SYNC_LIMITS.lines) out.push(list.slice(i, i + SYNC_LIMITS.lines));
  return out;
}

/**
 * What a guest's lists become at sign-in: the cart's lines one cart-add (the server adds each
 * quantity to the account's line and caps the sum by stock), the wishlist's items one wishlist-add;
 * more than the contract takes at once (100) is split. Lists kept from a lapsed session
 * (`lapsed`) were an account's cache: each line's quantity is set (a cart-set a line), never added,
 * so the account's own lines are not doubled.
 */
export function mergeOps(cart: readonly CartLine[], wishlist: readonly WishlistItem[], lapsed = false): SyncOp[] {
  return [
    ...(lapsed
      ? cart.map((line): SyncOp => ({ kind: 'cart-set', productId: line.productId, quantity: line.quantity }))
      : chunks(cart).map((lines): SyncOp => ({ kind: 'cart-add', lines }))),
    ...chunks(wishlist).map((items): SyncOp => ({ kind: 'wishlist-add', items })),
  ];
}

/**
 * Marks the local lists as the account's, queuing them for the server first unless they are
 * already an account's. Also run when a token is found with lists not marked (a session begun
 * before the sync existed: its lists were browser-only, as a guest's are).
 */
export function adoptGuestLists(storage: Storage = localStorage): void {
  if (storage.getItem(ACCOUNT_LISTS_KEY)) return;
  for (const op of mergeOps($cart.get(), $wishlist.get(), Boolean(storage.getItem(LAPSED_LISTS_KEY)))) enqueue(op, storage);
  storage.setItem(ACCOUNT_LISTS_KEY, '1');
  storage.removeItem(LAPSED_LISTS_KEY);
}

/**
 * At sign-in, before the token is stored. Lists still marked as an account's (a session that ended
 * where nothing could empty them) are some account's cache, perhaps another's: they are emptied,
 * not merged. Must not throw: without storage there is nothing to merge.
 */
export function beginAccountLists(): void {
  try {
    forgetAccountLists();
    adoptGuestLists();
  } catch {
    // Storage refused.
  }
}
