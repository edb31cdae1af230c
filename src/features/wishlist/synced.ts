/**
 * What the sync writes to the wishlist: the account's wishlist as the server last gave it, and
 * nothing once the session has ended. Neither is a change of the shopper's, so neither is recorded
 * for the server (actions.ts records those). Imports only the store and lib/stored.ts it is built
 * on: the script every page runs empties the account's lists when a session ends
 * (features/session/signed-out.ts).
 */
import { setIfChanged } from '#lib/stored.ts';
import type { WishlistItem } from '#lib/schemas/cart.ts';
import { $wishlist } from './store.ts';

/** Writes only when the items differ, so a pull that changes nothing stores nothing and wakes nobody. */
export function replaceWishlistFromServer(items: WishlistItem[]): void {
  setIfChanged($wishlist, items);
}

/** Empties the wishlist in this browser only (a session's end): the account keeps its wishlist. */
export function forgetWishlist(): void {
  $wishlist.set([]);
}
