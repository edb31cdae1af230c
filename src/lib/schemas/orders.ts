/**
 * Orders (issue 8): the placement body the API accepts, the order it replies with, and the rules
 * both sides share (statuses, ids, numbers, checkout messages). The server validates requests with
 * these schemas; the browser checks its form with the same messages and parses replies with the
 * reply schemas. zod/mini keeps the browser's share small.
 *
 * The contract, in short (DECISIONS.md's orders table):
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
 */
import * as z from 'zod/mini';

/** COD is the only payment method. */
export const PAYMENT_METHODS = ['COD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_COUNTRY = 'Pakistan';

/** The lifecycle: Pending → Processing → Shipped → Delivered (COD paid on delivery); Cancelled from any but Delivered. */
export const ORDER_STATUSES = ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses an order may move to from `from`: forward along the line (skips allowed), or Cancelled. Delivered and Cancelled are final. */
export function nextStatuses(from: OrderStatus): OrderStatus[] {
  if (from === 'Delivered' || from === 'Cancelled') return [];
  const line: OrderStatus[] = ['Pending', 'Processing', 'Shipped', 'Delivered'];
  return [...line.slice(line.indexOf(from) + 1), 'Cancelled'];
}

/**
 * Order ids are 144 random bits, base64url (24 characters): unguessable, so an id is enough to see
 * the whole order. Temporary ids the browser makes after an unconfirmed placement start `temp_`.
 */
export const ORDER_ID = /^[A-Za-z0-9_-]{24}$/;
export const TEMP_ORDER_PREFIX = 'temp_';
export const isTemporaryOrderId = (id: string) => id.startsWith(TEMP_ORDER_PREFIX);

/**
 * Order numbers are short, readable and not sequential: `KR-` and 8 characters of Crockford's
 * base32 (no I, L, O, U), in two groups: `KR-7F3K-9Q2M` (40 random bits). Typed by hand, they are
 * read without case, and with the dashes or spaces optional.
 */
export const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_NUMBER = /^KR-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
/** `kr 7f3k 9q2m`, `KR7F3K9Q2M` → `KR-7F3K-9Q2M`; undefined when it is not an order number. */
export function normalizeOrderNumber(input: string): string | undefined {
  const compact = input.trim().toUpperCase().replace(/[\s-]+/g, '');
  const m = /^KR([0-9A-Z]{8})$/.exec(compact);
  if (!m) return undefined;
  const number = `KR-${m[1].slice(0, 4)}-${m[1].slice(4)}`;
  return ORDER_NUMBER.test(number) ? number : undefined;
}

export const ORDER_LIMITS = {
  /** Distinct products in one order (after merging duplicates). */
  lines: 100,
  /** Units of one product in one order. */
  quantity: 1000,
  name: 100,
  email: 254,
  address: 500,
  city: 100,
  province: 100,
  postalCode: 20,
  country: 100,
  phone: 30,
  idempotencyKey: 200,
} as const;

/** The checkout form's fields, in the form's order, with the labels SPEC.md's messages use. */
export const CHECKOUT_FIELDS = {
  fullName: 'Full Name',
  billingAddress: 'Billing Address',
  city: 'City',
  province: 'Province',
  zipcode: 'Zipcode',
  country: 'Country',
  phone: 'Phone',
  email: 'Email',
} as const;
export type CheckoutField = keyof typeof CHECKOUT_FIELDS;

/** SPEC.md section 5's words, exactly. */
export const CHECKOUT_MESSAGES = {
  required: (field: CheckoutField) => `${CHECKOUT_FIELDS[field]} is required.`,
  email: 'Invalid email address.',
  phone: 'Invalid phone number. Please enter 10-15 digits only.',
  emptyCart: 'Your cart is empty. Please add items to cart before checkout.',
  badTotal: 'Invalid order total. Please refresh the page and try again.',
  badItems: (detail: string) => `Invalid cart data: ${detail}`,
  tooLong: (field: CheckoutField, max: number) => `${CHECKOUT_FIELDS[field]} must be at most ${max} characters.`,
  controls: (field: CheckoutField) => `${CHECKOUT_FIELDS[field]} must not contain control characters.`,
  /** The failure toast: `Failed to place order: {message} (Status: N)`. */
  failed: (message: string, status?: number) => `Failed to place order: ${message}${status ? ` (Status: ${status})` : ''}`,
} as const;

/** The phone rule: after removing dashes and spaces, 10 to 15 digits. */
export const phoneDigits = (phone: string) => phone.replace(/[\s-]+/g, '');
export const isValidPhone = (phone: string) => /^[0-9]{10,15}$/.test(phoneDigits(phone));
export const isValidEmail = (email: string) => z.regexes.email.test(email.trim());

const NO_CONTROLS = /^[^\u0000-\u001f\u007f]*$/;
const NO_CONTROLS_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** A required, trimmed, bounded text field of the checkout form, with its messages. */
const text = (field: CheckoutField, max: number, lines = false) =>
  z.string(CHECKOUT_MESSAGES.required(field)).check(
    z.trim(),
    z.minLength(1, CHECKOUT_MESSAGES.required(field)),
    z.maxLength(max, CHECKOUT_MESSAGES.tooLong(field, max)),
    z.regex(lines ? NO_CONTROLS_BUT_LINES : NO_CONTROLS, CHECKOUT_MESSAGES.controls(field)),
  );

const email = z.string(CHECKOUT_MESSAGES.required('email')).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(1, CHECKOUT_MESSAGES.required('email')),
  z.maxLength(ORDER_LIMITS.email, CHECKOUT_MESSAGES.tooLong('email', ORDER_LIMITS.email)),
  z.regex(z.regexes.email, CHECKOUT_MESSAGES.email),
);

const phone = z.string(CHECKOUT_MESSAGES.required('phone')).check(
  z.trim(),
  z.minLength(1, CHECKOUT_MESSAGES.required('phone')),
  z.maxLength(ORDER_LIMITS.phone, CHECKOUT_MESSAGES.phone),
  z.refine(isValidPhone, CHECKOUT_MESSAGES.phone),
);

/** A number above 0 (SPEC.md: quantity and price must each be a number above 0). */
const positive = (what: string) =>
  z.number(CHECKOUT_MESSAGES.badItems(`${what} must be a number above 0`)).check(
    z.refine((n) => Number.isFinite(n) && n > 0, CHECKOUT_MESSAGES.badItems(`${what} must be a number above 0`)),
  );

export const OrderItemSchema = z.strictObject({
  productId: z.string(CHECKOUT_MESSAGES.badItems('product id is required')).check(
    z.trim(),
    z.minLength(1, CHECKOUT_MESSAGES.badItems('product id is required')),
    z.maxLength(200, CHECKOUT_MESSAGES.badItems('product id is too long')),
    z.regex(NO_CONTROLS, CHECKOUT_MESSAGES.badItems('product id is not valid')),
  ),
  /** Whole units, 1 to ORDER_LIMITS.quantity. */
  quantity: positive('quantity').check(
    z.refine((n) => Number.isInteger(n) && n <= ORDER_LIMITS.quantity, CHECKOUT_MESSAGES.badItems(`quantity must be a whole number up to ${ORDER_LIMITS.quantity}`)),
  ),
  /** The unit price the shopper saw (whole rupees). Never charged: the server prices every line itself. */
  price: positive('price'),
});
export type OrderItemInput = z.infer<typeof OrderItemSchema>;

export const ShippingAddressSchema = z.strictObject({
  address: text('billingAddress', ORDER_LIMITS.address, true),
  city: text('city', ORDER_LIMITS.city),
  province: text('province', ORDER_LIMITS.province),
  postalCode: text('zipcode', ORDER_LIMITS.postalCode),
  country: text('country', ORDER_LIMITS.country),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

export const GuestInfoSchema = z.strictObject({
  name: text('fullName', ORDER_LIMITS.name),
  email,
});
export type GuestInfo = z.infer<typeof GuestInfoSchema>;

/**
 * POST /api/order/place. `guestInfo` is required without a Bearer token; with one it is optional
 * (it names who receives the order; absent, the account's name and e-mail are used).
 * `totalAmount` is what the shopper saw: above 0, and never charged (the server recomputes it).
 */
export const PlaceOrderSchema = z.strictObject({
  items: z
    .array(OrderItemSchema, CHECKOUT_MESSAGES.emptyCart)
    .check(z.minLength(1, CHECKOUT_MESSAGES.emptyCart), z.maxLength(ORDER_LIMITS.lines, CHECKOUT_MESSAGES.badItems(`at most ${ORDER_LIMITS.lines} products an order`))),
  totalAmount: z.number(CHECKOUT_MESSAGES.badTotal).check(z.refine((n) => Number.isFinite(n) && n > 0, CHECKOUT_MESSAGES.badTotal)),
  paymentMethod: z.enum(PAYMENT_METHODS, 'Cash on delivery (COD) is the only payment method.'),
  shippingAddress: ShippingAddressSchema,
  contactNumber: phone,
  guestInfo: z.optional(GuestInfoSchema),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderSchema>;

/** The Idempotency-Key header: 1 to 200 visible ASCII characters (a UUID is typical). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** A line of a placed order, priced by the server. */
export interface OrderLine {
  productId: string;
  name: string;
  image: string;
  /** What one unit sold for (sale price at the time of the order). */
  price: number;
  /** The struck price above it, when the product was discounted. */
  originalPrice?: number;
  quantity: number;
  /** price × quantity */
  lineTotal: number;
}

export interface StatusEvent {
  status: OrderStatus;
  /** ISO time. */
  at: string;
}

/** What anyone with the order number may see: no name, address, phone or e-mail, and no id. */
export interface OrderSummary {
  orderNumber: string;
  status: OrderStatus;
  statusHistory: StatusEvent[];
  paymentMethod: PaymentMethod;
  totalAmount: number;
  itemCount: number;
  isPaid: boolean;
  paidAt: string | null;
  isDelivered: boolean;
  deliveredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The whole order: by id, to its owner, and in the placement reply. */
export interface Order extends OrderSummary {
  _id: string;
  items: OrderLine[];
  /** basketTotals of the lines: totalAmount = subtotal − youSave (+ shipping, always 0). */
  subtotal: number;
  youSave: number;
  shipping: number;
  contactNumber: string;
  shippingAddress: ShippingAddress;
  /** Who receives the order: the guest's details, or the account's (or those the signed-in shopper gave). */
  guestInfo: GuestInfo;
  /** True when placed without an account. */
  isGuest: boolean;
}

/** Why a line cannot be ordered as asked (409). */
export type OrderConflictReason = 'out_of_stock' | 'short' | 'unavailable' | 'price_changed';
export interface OrderConflict {
  productId: string;
  name: string;
  reason: OrderConflictReason;
  /** Units left now (out_of_stock: 0; short: fewer than asked). */
  available?: number;
  /** The sale price now (price_changed, and every line still sold). */
  price?: number;
  /** The struck price above it, when discounted. */
  originalPrice?: number;
  /** The price the request carried. */
  requestedPrice?: number;
  requestedQuantity: number;
}
