/**
 * Orders: the placement body the API accepts (here), the order it replies with (order-replies.ts),
 * and the rules both sides share (orders-rules.ts: statuses, ids, numbers, checkout messages); this
 * module re-exports both. The server validates requests with these schemas; the browser checks its
 * form with the same messages and parses replies with the reply schemas, imported from
 * order-replies.ts and orders-rules.ts directly: this module's placement schemas, built as it
 * loads, are the server's.
 *
 * The contract, in short:
 *   POST /api/order/place  body PlaceOrderBody, optional `Authorization: Bearer` and `Idempotency-Key`
 *     201 {success, message, order: Order}             a new order
 *     200 {success, message, order: Order, replayed}    the same Idempotency-Key and body again
 *     400 {success:false, message, errors}              errors keyed by body path ('shippingAddress.city')
 *     401 a Bearer token that is unknown, expired or revoked
 *     409 {success:false, message, conflicts: OrderConflict[]}   stock or price moved; nothing taken
 *     422 {success:false, message}                      the Idempotency-Key was used with another body
 *   GET /api/order (Bearer)                             {success, orders: Order[]} newest first
 *   GET /api/order/order-status/{idOrNumber} (Bearer optional)
 *     by id: {success, order: Order}; by number: {success, order: OrderSummary} unless the Bearer
 *     is the owner's (then the whole Order). 404 {success:false, message} when unknown.
 *   POST /api/order/{idOrNumber}/cancel  body CancelOrderBody, Bearer optional
 *     200 {success, message, order: Order}  cancelled (a Pending order only), by its owner or with its phone
 *     403 no phone, or a phone that is not the order's; 404 unknown; 409 no longer Pending
 */
import * as z from 'zod/mini';

export * from './orders-rules.ts';
export * from './order-replies.ts';
import { capMessage, lineQuantityCap } from '../line-cap.ts';
import { formatRs, MAX_ORDER_TOTAL, MAX_PRICE } from '../money.ts';
import { NO_CONTROLS, NO_CONTROLS_BUT_LINES } from '../control-characters.ts';
import { PRODUCT_ID_MAX_LENGTH } from '../product-id.ts';
import { ADDRESS_MESSAGES, countryOf, POSTAL_CODE, provinceOf } from '../address.ts';
import { CHECKOUT_MESSAGES, isValidPhone, normalizePhone, ORDER_LIMITS, PAYMENT_METHODS, type CheckoutField } from './orders-rules.ts';

/** A required, trimmed, bounded text field of the checkout form, with its messages. */
const text = (field: CheckoutField, max: number, lines = false) =>
  z.string(CHECKOUT_MESSAGES.required(field)).check(
    z.trim(),
    z.minLength(1, CHECKOUT_MESSAGES.required(field)),
    z.maxLength(max, CHECKOUT_MESSAGES.tooLong(field, max)),
    z.regex(lines ? NO_CONTROLS_BUT_LINES : NO_CONTROLS, CHECKOUT_MESSAGES.controls(field)),
  );

const email = z.string(CHECKOUT_MESSAGES.required('guestInfo.email')).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, CHECKOUT_MESSAGES.required('guestInfo.email')),
  z.maxLength(ORDER_LIMITS.email, CHECKOUT_MESSAGES.tooLong('guestInfo.email', ORDER_LIMITS.email)),
  z.regex(z.regexes.email, CHECKOUT_MESSAGES.email),
);

const phone = z.string(CHECKOUT_MESSAGES.required('contactNumber')).check(
  z.trim(),
  z.minLength(1, CHECKOUT_MESSAGES.required('contactNumber')),
  z.maxLength(ORDER_LIMITS.phone, CHECKOUT_MESSAGES.phone),
  z.refine(isValidPhone, CHECKOUT_MESSAGES.phone),
  z.overwrite(normalizePhone),
);

/** A number above 0: an item's quantity and price must each be one. */
const positive = (what: string) =>
  z.number(CHECKOUT_MESSAGES.badItems(`${what} must be a number above 0`)).check(
    z.refine((n) => Number.isFinite(n) && n > 0, CHECKOUT_MESSAGES.badItems(`${what} must be a number above 0`)),
  );

export const OrderItemSchema = z.strictObject({
  productId: z.string(CHECKOUT_MESSAGES.badItems('product id is required')).check(
    z.trim(),
    z.minLength(1, CHECKOUT_MESSAGES.badItems('product id is required')),
    z.maxLength(PRODUCT_ID_MAX_LENGTH, CHECKOUT_MESSAGES.badItems('product id is too long')),
    z.regex(NO_CONTROLS, CHECKOUT_MESSAGES.badItems('product id is not valid')),
  ),
  /** Whole units, 1 to the line cap (lineQuantityCap). */
  quantity: positive('quantity').check(
    z.refine((n) => Number.isInteger(n), CHECKOUT_MESSAGES.badItems('quantity must be a whole number')),
    z.check((ctx) => {
      if (ctx.value > lineQuantityCap()) ctx.issues.push({ code: 'custom', input: ctx.value, message: CHECKOUT_MESSAGES.badItems(capMessage()) });
    }),
  ),
  /**
   * The unit price the shopper saw: whole rupees, at most MAX_PRICE (no product sells above it).
   * Never charged: the server prices every line itself.
   */
  price: positive('price').check(
    z.refine((n) => Number.isInteger(n), CHECKOUT_MESSAGES.badItems('price must be whole rupees')),
    z.refine((n) => n <= MAX_PRICE, CHECKOUT_MESSAGES.badItems(`price must be at most ${formatRs(MAX_PRICE)}`)),
  ),
});
export type OrderItemInput = z.infer<typeof OrderItemSchema>;

/**
 * A delivery address (the rule is src/lib/address.ts): the province is stored as its stable value
 * whether its value or its name was sent, the country as 'Pakistan', and an absent postal code as ''.
 */
export const ShippingAddressSchema = z.strictObject({
  address: text('shippingAddress.address', ORDER_LIMITS.address, true),
  city: text('shippingAddress.city', ORDER_LIMITS.city),
  province: text('shippingAddress.province', ORDER_LIMITS.province).check(
    z.refine((v) => provinceOf(v) !== undefined, ADDRESS_MESSAGES.province),
    z.overwrite((v) => provinceOf(v) ?? v),
  ),
  postalCode: z._default(
    z.string(ADDRESS_MESSAGES.postalCode).check(
      z.trim(),
      z.maxLength(ORDER_LIMITS.postalCode, ADDRESS_MESSAGES.postalCode),
      z.refine((v) => v === '' || POSTAL_CODE.test(v), ADDRESS_MESSAGES.postalCode),
    ),
    '',
  ),
  country: text('shippingAddress.country', ORDER_LIMITS.country).check(
    z.refine((v) => countryOf(v) !== undefined, ADDRESS_MESSAGES.country),
    z.overwrite((v) => countryOf(v) ?? v),
  ),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

export const GuestInfoSchema = z.strictObject({
  name: text('guestInfo.name', ORDER_LIMITS.name),
  email,
});
export type GuestInfo = z.infer<typeof GuestInfoSchema>;

/**
 * POST /api/order/place. `guestInfo` is required without a Bearer token; with one it is optional
 * (it names who receives the order; absent, the account's name and e-mail are used).
 * `totalAmount` is what the shopper saw: whole rupees above 0 that an order can hold, and never
 * charged (the server recomputes it).
 */
export const PlaceOrderSchema = z.strictObject({
  items: z
    .array(OrderItemSchema, CHECKOUT_MESSAGES.emptyCart)
    .check(
      z.minLength(1, CHECKOUT_MESSAGES.emptyCart),
      z.maxLength(ORDER_LIMITS.lines, CHECKOUT_MESSAGES.badItems(`at most ${ORDER_LIMITS.lines} products an order`)),
      // Duplicate lines are merged by summing (src/lib/lines.ts): the sum is what the cap applies
      // to, named at the product's last line (the one that took it over).
      z.check((ctx) => {
        const sums = new Map<string, number>();
        ctx.value.forEach((item, index) => {
          const sum = (sums.get(item.productId) ?? 0) + item.quantity;
          sums.set(item.productId, sum);
          if (sum > lineQuantityCap() && item.quantity <= lineQuantityCap()) {
            ctx.issues.push({ code: 'custom', input: item.quantity, path: [index, 'quantity'], message: CHECKOUT_MESSAGES.badItems(capMessage()) });
          }
        });
      }),
    ),
  totalAmount: z.number(CHECKOUT_MESSAGES.badTotal).check(z.refine((n) => Number.isInteger(n) && n > 0 && n <= MAX_ORDER_TOTAL, CHECKOUT_MESSAGES.badTotal)),
  paymentMethod: z.enum(PAYMENT_METHODS, 'Cash on delivery (COD) is the only payment method.'),
  shippingAddress: ShippingAddressSchema,
  contactNumber: phone,
  guestInfo: z.optional(GuestInfoSchema),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderSchema>;

/**
 * A shopper's cancellation: the owner's session is enough; anyone else gives the phone the order
 * was placed with (any way it is written; compared in the one stored form).
 */
export const CancelOrderSchema = z.strictObject({
  phone: z.optional(z.string().check(z.maxLength(40, 'Please enter a phone number of at most 40 characters.'))),
});
export type CancelOrderBody = z.infer<typeof CancelOrderSchema>;
