/**
 * What a shopper does to the wishlist: each action applies a rule (rules.ts) to the store
 * (store.ts) and, for a signed-in shopper, records the change for the server
 * (src/lib/outbox.ts).
 */
import type { WishlistItem } from '#lib/schemas/cart.ts';
import { showToast, TOASTS } from '#features/toasts/actions.ts';
import { record } from '#lib/outbox.ts';
import { addItem, hasItem, removeItem } from './rules.ts';
import { $wishlist } from './store.ts';

export function addToWishlist(item: WishlistItem): void {
  const items = $wishlist.get();
  if (hasItem(items, item._id)) return; // already there: ignored, with no notice
  $wishlist.set(addItem(items, item));
  record({ kind: 'wishlist-add', items: [item] });
  showToast(TOASTS.addedToWishlist, 'wishlist');
}

export function removeFromWishlist(id: string, { notify = true } = {}): void {
  $wishlist.set(removeItem($wishlist.get(), id));
  record({ kind: 'wishlist-remove', productId: id });
  if (notify) showToast(TOASTS.removedFromWishlist, 'wishlist');
}

/** The heart buttons: add when absent, remove when present. Returns whether it is now wishlisted. */
export function toggleWishlist(item: WishlistItem): boolean {
  if (hasItem($wishlist.get(), item._id)) {
    removeFromWishlist(item._id);
    return false;
  }
  addToWishlist(item);
  return true;
}
