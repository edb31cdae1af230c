/**
 * A signed-in shopper's cart and wishlist, kept on the server so every device shows the same lists:
 * the bodies the API accepts and the replies it sends, shared by the server (request validation)
 * and the browser (reply parsing). zod/mini keeps the browser's share small.
 *
 * Every call needs `Authorization: Bearer`; a shopper only ever reads and writes their own lists
 * (there is no user id in these paths: the token names the owner). Every change may carry an
 * `Idempotency-Key` header (src/lib/idempotency-key.ts): a key the server has already applied
 * for this shopper changes nothing the second time and gets the current list back with 200, so
 * the browser's outbox can resend a change whose reply it never saw. Keys are kept 30 days.
 *
 * Wishlist, items oldest first, each with today's price and stock:
 *   GET    /api/wishlist                        200 {success, wishlist: WishlistItem[]}
 *   POST   /api/wishlist        WishlistAddBody 200 {success, wishlist, skipped: string[]}
 *          adds the products not already there; ids the catalogue does not know are skipped
 *          (named in `skipped`), never an error, so a merge of an old browser list goes through
 *   DELETE /api/wishlist/remove/{productId}     200 {success, wishlist}   (absent: still 200)
 *   DELETE /api/wishlist/clear                  200 {success, wishlist: []}
 *
 * Cart, lines oldest first, each with today's price, title and stock:
 *   GET    /api/cart                            200 {success, cart: ServerCartLine[]}
 *   POST   /api/cart            CartAddBody     200 {success, cart, skipped: string[], capped: string[]}
 *          adds each quantity to the line (a new line when absent); the sum is capped by the
 *          product's stock (a product with no stock keeps what the line had, at least 1: the cart
 *          page shows it as sold out and checkout refuses it). The sign-in merge is this call with
 *          the guest cart's lines. `capped` names the lines held down by stock; unknown ids are
 *          skipped and named in `skipped`.
 *   PUT    /api/cart/update     CartSetBody     200 {success, cart, capped}  sets one line's quantity,
 *          adding the line when absent (so a replayed change never fails); capped by stock as above;
 *          404 {success:false, message: 'Product not found'} for an id the catalogue does not know
 *   DELETE /api/cart/remove     CartRemoveBody  200 {success, cart}   (absent: still 200)
 *   DELETE /api/cart/clear                      200 {success, cart: []}
 *
 * Errors: 400 {success:false, message, errors} (errors keyed by body path, SYNC_MESSAGES' words),
 * 401 without a valid token, 400 for a malformed Idempotency-Key.
 */
import * as z from 'zod/mini';
import { CartLineSchema, WishlistItemSchema } from './cart.ts';
import { lineQuantityCap } from '../line-cap.ts';
import { NO_CONTROLS } from '../control-characters.ts';
import { PRODUCT_ID_MAX_LENGTH } from '../product-id.ts';
import { SYNC_LIMITS, SYNC_MESSAGES } from './sync-rules.ts';

export * from './sync-rules.ts';

const productId = z.string(SYNC_MESSAGES.productId).check(
  z.trim(),
  z.minLength(1, SYNC_MESSAGES.productId),
  z.maxLength(PRODUCT_ID_MAX_LENGTH, SYNC_MESSAGES.productId),
  z.regex(NO_CONTROLS, SYNC_MESSAGES.productId),
);
const quantity = z.number(SYNC_MESSAGES.quantity).check(
  z.refine((n) => Number.isInteger(n) && n >= 1, SYNC_MESSAGES.quantity),
  z.check((ctx) => {
    if (ctx.value > lineQuantityCap()) ctx.issues.push({ code: 'custom', input: ctx.value, message: SYNC_MESSAGES.tooMany() });
  }),
);

export const WishlistAddSchema = z.strictObject({
  productIds: z.array(productId).check(z.minLength(1, SYNC_MESSAGES.productId), z.maxLength(SYNC_LIMITS.lines, SYNC_MESSAGES.lines)),
});
export type WishlistAddBody = z.infer<typeof WishlistAddSchema>;

export const CartAddSchema = z.strictObject({
  items: z
    .array(z.strictObject({ productId, quantity }))
    .check(z.minLength(1, SYNC_MESSAGES.productId), z.maxLength(SYNC_LIMITS.lines, SYNC_MESSAGES.lines)),
});
export type CartAddBody = z.infer<typeof CartAddSchema>;

export const CartSetSchema = z.strictObject({ productId, quantity });
export type CartSetBody = z.infer<typeof CartSetSchema>;

export const CartRemoveSchema = z.strictObject({ productId });
export type CartRemoveBody = z.infer<typeof CartRemoveSchema>;

/** A line of the server's cart: what the browser's cart line holds, plus today's stock. */
export const ServerCartLineSchema = z.object({ ...CartLineSchema.shape, stock: z.number() });
export type ServerCartLine = z.infer<typeof ServerCartLineSchema>;

export const WishlistReplySchema = z.object({ wishlist: z.array(WishlistItemSchema) });
export const CartReplySchema = z.object({ cart: z.array(ServerCartLineSchema) });
