/**
 * Product ids as requests name them and as the server orders them. No imports, so the browser
 * may use them for nothing.
 */

/**
 * The longest product id a request may name (a cart or wishlist change, an order line, a review).
 * Longer is a malformed request (400); an id within it that the catalogue does not know is answered
 * as unknown (skipped, unavailable, not found), never as malformed.
 */
export const PRODUCT_ID_MAX_LENGTH = 200;

/**
 * Strings in UTF-16 code-unit order (JavaScript's `<`), never `localeCompare`. It is PostgreSQL's
 * "C" collation (UTF-8 bytes) wherever no character lies beyond U+FFFF, so for every id the
 * catalogue makes (lowercase letters, digits and dashes): the order the server locks product rows
 * in (`order by id collate "C"`) and breaks ties by, and the one the browser and the build repeat.
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Lines in product-id order (byCodeUnits). */
export const byProductId = (a: { productId: string }, b: { productId: string }): number => byCodeUnits(a.productId, b.productId);
