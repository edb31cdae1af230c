/**
 * When a session ends (logout, a 401, the token removed in another tab, or a page load that finds
 * the lists marked as an account's but no token), the browser keeps no copy of the account's cart
 * and wishlist: they are the account's, not the next person's at this browser. They must never be
 * taken for a guest's lists either, or the next sign-in would merge the account's lines into itself
 * and double every quantity. A guest's own lists (not marked) are left alone. A session that lapsed
 * (a 401) first makes them a guest's (api.ts), so they stay.
 */
import { forgetCart } from '#features/cart/synced.ts';
import { forgetWishlist } from '#features/wishlist/synced.ts';
import { ACCOUNT_LISTS_KEY, clearOutbox } from '#lib/outbox-keys.ts';

export function forgetAccountLists(): void {
  try {
    if (!localStorage.getItem(ACCOUNT_LISTS_KEY)) return;
    clearOutbox();
    forgetCart();
    forgetWishlist();
  } catch {
    // Storage refused: nothing was kept either.
  }
}

