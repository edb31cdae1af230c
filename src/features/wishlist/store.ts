/**
 * The wishlist (`wishlist` in localStorage), what every page reads of it (the header's count, the
 * cards' hearts). For a signed-in shopper it is the account's wishlist as last pulled with their
 * changes on top. The actions that change it are in actions.ts, the rules in rules.ts: this module
 * is in the script every page runs before any interaction (the text pages' budget is 10 KB).
 */
import { computed } from 'nanostores';
import { storedAtom } from '#lib/stored.ts';
import { StoredWishlistSchema, type WishlistItem } from '#lib/schemas/cart.ts';

export const WISHLIST_KEY = 'wishlist';
export const $wishlist = storedAtom<WishlistItem[]>(WISHLIST_KEY, StoredWishlistSchema, []);
export const $wishlistCount = computed($wishlist, (items) => items.length);
