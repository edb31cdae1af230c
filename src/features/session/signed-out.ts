/**
 * When a session ends (logout, a 401, the token removed in another tab, or a page load that finds
 * the lists marked as an account's but no token), the browser keeps no copy of the account's cart
 * and wishlist: they are the account's, not the next person's at this browser. They must never be
 * taken for a guest's lists either, or the next sign-in would merge the account's lines into itself
 * and double every quantity. A guest's own lists (not marked) are left alone.
 */
import { forgetCart } from '#features/cart/synced.ts';
import { forgetWishlist } from '#features/wishlist/synced.ts';
import { ACCOUNT_LISTS_KEY, LAPSED_LISTS_KEY, clearOutbox } from '#lib/outbox-keys.ts';

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

/**
 * A session that lapsed (a 401) is not a logout: the shopper may not even know it ended, and the
 * lines they see must not vanish. The account's cache becomes the browser's lists as they stand
 * (the changes not sent yet are in them already; the outbox is dropped, there is no token to send
 * it with), marked as lapsed for the next sign-in (adopt.ts). Run before the token is cleared, so
 * the end of the session finds nothing marked as an account's to empty, here and in other tabs.
 */
export function keepLapsedLists(): void {
  try {
    if (!localStorage.getItem(ACCOUNT_LISTS_KEY)) return;
    clearOutbox();
    localStorage.setItem(LAPSED_LISTS_KEY, '1');
  } catch {
    // Storage refused: there are no lists to keep.
  }
}
