/**
 * What the browser keeps: the guest cart's lines and the wishlist's items, as stored under the
 * localStorage keys `guestCart` and `wishlist`. zod/mini keeps the check small enough for every
 * page's script (the full zod costs the text pages' whole JavaScript budget).
 */
import * as z from 'zod/mini';

const rupees = z.number().check(z.nonnegative());
/** Whole units, checked by hand: z.int() would add its number-format check to every page's chunk. */
const whole = (min: number) => z.number().check(z.refine((n) => Number.isInteger(n) && n >= min));

/** A guest cart line. `price` is what one unit sells for; `originalPrice` the struck price above it. */
export const CartLineSchema = z.object({
  productId: z.string().check(z.minLength(1)),
  productTitle: z.string(),
  price: rupees,
  originalPrice: z.optional(rupees),
  quantity: whole(1),
  images: z.array(z.string()),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const StoredCartSchema = z.array(CartLineSchema);

/** A stored line may name the product `_id` instead of `productId`: both read as one (before parsing). */
export function withProductIds(stored: unknown): unknown {
  if (!Array.isArray(stored)) return stored;
  return stored.map((line: unknown) =>
    line && typeof line === 'object' && !('productId' in line) && '_id' in line ? { ...line, productId: (line as { _id: unknown })._id } : line,
  );
}

/** A wishlisted product: the fields its card shows, identified by `_id`. */
export const WishlistItemSchema = z.object({
  _id: z.string().check(z.minLength(1)),
  name: z.string(),
  price: rupees,
  discount: rupees,
  image: z.string(),
  stock: whole(Number.MIN_SAFE_INTEGER),
});
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

export const StoredWishlistSchema = z.array(WishlistItemSchema);
