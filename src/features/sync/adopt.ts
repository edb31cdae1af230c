/**
 * The sign-in merge: what the shopper had as a guest becomes part of the account. The guest cart's
 * lines become one cart-add (the server adds the quantities and caps them by stock) and the guest
 * wishlist's items one wishlist-add, written to the outbox before the token is stored; the worker
 * sends them and then pulls the merged lists.
 *
 * Only a guest's lists are merged: once merged they are marked (ACCOUNT_LISTS_KEY) as the account's
 * cache, and a cache is never merged back (that would add every quantity to itself).
 */
import { $cart } from '#features/cart/store.ts';
import { storeSession, type SignedInUser } from '#features/session/user.ts';
import { $wishlist } from '#features/wishlist/store.ts';
import { ACCOUNT_LISTS_KEY } from '#lib/outbox-keys.ts';
import { enqueue } from '#lib/outbox.ts';
import { mergeOps } from './rules.ts';
import { forgetAccountLists } from './signed-out.ts';

/**
 * Marks the local lists as the account's, queuing them for the server first unless they are
 * already an account's. Also run when a token is found with lists not marked (a session begun
 * before the sync existed: its lists were browser-only, as a guest's are).
 */
export function adoptGuestLists(storage: Storage = localStorage): void {
  if (storage.getItem(ACCOUNT_LISTS_KEY)) return;
  for (const op of mergeOps($cart.get(), $wishlist.get())) enqueue(op, storage);
  storage.setItem(ACCOUNT_LISTS_KEY, '1');
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

/**
 * A sign-in (or a verified registration): the guest's cart and wishlist are queued for the
 * account, then the token and details are stored (storing the token starts the sync).
 */
export function signIn(token: string, user: SignedInUser): void {
  beginAccountLists();
  storeSession(token, user);
}
