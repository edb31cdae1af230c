/**
 * The cart (`guestCart` in localStorage), what every page reads of it (the header's count). For a
 * guest it is the whole cart, kept only in the browser; for a signed-in shopper it is the account's
 * cart as last pulled with their changes on top. The actions that change it are in actions.ts, the
 * rules in rules.ts: this module is in the script every page runs before any interaction (the text
 * pages' budget is 10 KB), and only the pages where a shopper changes the cart load the rest.
 */
import { computed } from 'nanostores';
import { storedAtom } from '#lib/stored.ts';
import { StoredCartSchema, withProductIds, type CartLine } from '#lib/schemas/cart.ts';

export const CART_KEY = 'guestCart';
export const $cart = storedAtom<CartLine[]>(CART_KEY, StoredCartSchema, [], withProductIds);
/** The cart count is the number of distinct lines, not the sum of quantities. */
export const $cartCount = computed($cart, (lines) => lines.length);
