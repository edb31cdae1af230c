/**
 * What the orders API answers with, defined once: the whole order, the summary anyone with its
 * number may see, their lines and status events, and the lines a 409 refuses. The server's types
 * are inferred from these schemas (server/orders/reads.ts builds its replies to them, and a route
 * test parses its replies with them); the browser parses the replies with them
 * (features/orders/api.ts, features/orders/place.ts).
 *
 * Written for the browser's bytes: only the zod/mini kinds the chunk every page loads already
 * carries (object, array, string, number, optional, custom), since every kind a browser module
 * uses joins that chunk (src/site-build/every-page.ts), so booleans, enumerations and nullable
 * times are z.custom; and only factory calls at the top level (no `.check()`), so a module that
 * imports one schema carries that one and not the others.
 *
 * The API's OpenAPI document is made from these same schemas: ORDER_REPLY_JSON gives each custom,
 * and the shared number and time schemas, the JSON Schema that states what its check admits. It is
 * a plain array the browser never imports, so its bundles drop it.
 */
import * as z from 'zod/mini';
import { ORDER_CONFLICT_REASONS, ORDER_STATUSES, PAYMENT_METHODS } from './orders-rules.ts';

const oneOf = <T extends string>(values: readonly T[]) => z.custom<T>((v) => (values as readonly unknown[]).includes(v));
const text = z.string();
/** An ISO 8601 time. */
const time = z.string();
/** A whole number (rupees, counts): the browser reads it as a number, the document says integer. */
const whole = z.number();
const flag = z.custom<boolean>((v) => typeof v === 'boolean');
/** An ISO time, or null while it has not happened (paidAt, deliveredAt). */
const timeOrNull = z.custom<string | null>((v) => v === null || typeof v === 'string');
const status = oneOf(ORDER_STATUSES);
const paymentMethod = oneOf(PAYMENT_METHODS);
const conflictReason = oneOf(ORDER_CONFLICT_REASONS);

const TIME = { type: 'string', description: 'ISO 8601 time' };
/** The JSON Schema of each schema above whose zod kind does not say it all (server/http/openapi.ts). */
export const ORDER_REPLY_JSON: ReadonlyArray<readonly [z.ZodMiniType, Record<string, unknown>]> = [
  [time, TIME],
  [whole, { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 }],
  [flag, { type: 'boolean' }],
  [timeOrNull, { anyOf: [TIME, { type: 'null' }] }],
  [status, { type: 'string', enum: ORDER_STATUSES }],
  [paymentMethod, { type: 'string', enum: PAYMENT_METHODS }],
  [conflictReason, { type: 'string', enum: ORDER_CONFLICT_REASONS }],
];

export const StatusEventSchema = z.object({ status, at: time });
export type StatusEvent = z.infer<typeof StatusEventSchema>;

/** What anyone with the order number may see: no name, address, phone or e-mail, and no id. */
export const OrderSummarySchema = z.object({
  orderNumber: text,
  status,
  statusHistory: z.array(StatusEventSchema),
  paymentMethod,
  totalAmount: whole,
  itemCount: whole,
  isPaid: flag,
  paidAt: timeOrNull,
  isDelivered: flag,
  deliveredAt: timeOrNull,
  createdAt: time,
  updatedAt: time,
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** A line of a placed order, priced by the server. */
export const OrderLineSchema = z.object({
  productId: text,
  name: text,
  image: text,
  /** What one unit sold for (sale price at the time of the order). */
  price: whole,
  /** The struck price above it, when the product was discounted. */
  originalPrice: z.optional(whole),
  quantity: whole,
  /** price × quantity */
  lineTotal: whole,
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** The whole order: by id, to its owner, and in the placement reply. */
export const OrderSchema = z.object({
  ...OrderSummarySchema.shape,
  _id: text,
  items: z.array(OrderLineSchema),
  /** basketTotals of the lines: totalAmount = subtotal − youSave (+ shipping, always 0). */
  subtotal: whole,
  youSave: whole,
  shipping: whole,
  contactNumber: text,
  shippingAddress: z.object({ address: text, city: text, province: text, postalCode: text, country: text }),
  /** Who receives the order: the guest's details, or the account's (or those the signed-in shopper gave). */
  guestInfo: z.object({ name: text, email: text }),
  /** True when placed without an account. */
  isGuest: flag,
});
export type Order = z.infer<typeof OrderSchema>;

/** A line that cannot be ordered as asked (409), and why (ORDER_CONFLICT_REASONS). */
export const OrderConflictSchema = z.object({
  productId: text,
  name: text,
  reason: conflictReason,
  /** Units left now (out_of_stock: 0; short: fewer than asked). */
  available: z.optional(whole),
  /** The sale price now (price_changed, and every line still sold). */
  price: z.optional(whole),
  /** The struck price above it, when discounted. */
  originalPrice: z.optional(whole),
  /** The price the request carried. */
  requestedPrice: z.optional(z.number()),
  requestedQuantity: z.number(),
});
export type OrderConflict = z.infer<typeof OrderConflictSchema>;
