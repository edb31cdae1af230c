/**
 * The wishlist (`wishlist` in localStorage) and its actions; the rules are in rules.ts. For a
 * signed-in shopper it is the account's wishlist as last pulled with their changes on top, each
 * change also recorded for the server (features/sync/outbox.ts).
 */
import { computed } from 'nanostores';
import { storedAtom } from '#lib/stored.ts';
import { StoredWishlistSchema, type WishlistItem } from '#lib/schemas/cart.ts';
import { showToast, TOASTS } from '#features/toasts/store.ts';
import { record } from '#features/sync/outbox.ts';
import { addItem, hasItem, removeItem } from './rules.ts';

export const WISHLIST_KEY = 'wishlist';
export const $wishlist = storedAtom<WishlistItem[]>(WISHLIST_KEY, StoredWishlistSchema, []);
export const $wishlistCount = computed($wishlist, (items) => items.length);

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
