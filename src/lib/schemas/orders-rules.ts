/**
 * The orders' shared rules without any zod: statuses, ids and numbers, limits, the checkout form's
 * labels and messages, the phone check (the e-mail check, zod's pattern, is lib/email-rule.ts).
 * Apart from orders.ts (which re-exports all of it) so the browser can use them without the
 * placement schemas: every zod schema a browser module builds joins the chunk every page loads
 * (astro.config.mjs).
 */

/** COD is the only payment method. */
export const PAYMENT_METHODS = ['COD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export { ADDRESS_COUNTRY as DEFAULT_COUNTRY } from '../address.ts';

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

export { capMessage, DEFAULT_MAX_LINE_QUANTITY, lineQuantityCap, setLineQuantityCap } from '../line-cap.ts';

export const ORDER_LIMITS = {
  /** Distinct products in one order (after merging duplicates). */
  lines: 50,
  name: 100,
  email: 254,
  address: 500,
  city: 100,
  province: 100,
  postalCode: 20,
  country: 100,
  phone: 30,
} as const;

/**
 * Why a line cannot be ordered as asked (a 409 names each such line with one): `out_of_stock` none
 * left; `short` fewer left than asked; `unavailable` no longer sold; `price_changed` it now sells
 * above the price the shopper saw. The server's reply and the checkout's reading of it use this list.
 */
export const ORDER_CONFLICT_REASONS = ['out_of_stock', 'short', 'unavailable', 'price_changed'] as const;
export type OrderConflictReason = (typeof ORDER_CONFLICT_REASONS)[number];

/**
 * The checkout form's fields, in the form's order, with the labels its messages use. Each field is
 * named by its path in the placement body (PlaceOrderSchema), which is also how the API keys its
 * per-field errors: the form, the body and the errors share one set of names.
 */
export const CHECKOUT_FIELDS = {
  'guestInfo.name': 'Full Name',
  'shippingAddress.address': 'Billing Address',
  'shippingAddress.city': 'City',
  'shippingAddress.province': 'Province',
  'shippingAddress.postalCode': 'Postal Code',
  'shippingAddress.country': 'Country',
  contactNumber: 'Phone',
  'guestInfo.email': 'Email',
} as const;
export type CheckoutField = keyof typeof CHECKOUT_FIELDS;

/** What the checkout says, exactly: the form and the server give the shopper the same words. */
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

/** The country code a number written the Pakistani way (0300 1234567) is given when stored. */
export const HOME_COUNTRY_CODE = '92';

/**
 * The phone rule: spaces and dashes are ignored; a leading `+` or `00` introduces the country
 * code; the digits that remain must be 10 to 15. `parsePhone` gives those digits and whether they
 * carry a country code, or undefined when the number breaks the rule.
 */
function parsePhone(phone: string): { digits: string; international: boolean } | undefined {
  const compact = phone.replace(/[\s-]+/g, '');
  const international = compact.startsWith('+') || compact.startsWith('00');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : compact;
  return /^[0-9]{10,15}$/.test(digits) ? { digits, international } : undefined;
}

export const isValidPhone = (phone: string) => parsePhone(phone) !== undefined;

/**
 * The one form a phone is stored and sent in: `+`, the country code and the number. "+92 300
 * 1234567", "0092-300-1234567" and "0300 1234567" are all `+923001234567`: a number starting
 * with a single 0 is a Pakistani one without its country code. A number without either prefix is
 * kept as its digits; one that breaks the rule comes back trimmed, for the rule to refuse.
 */
export function normalizePhone(phone: string): string {
  const parsed = parsePhone(phone);
  if (!parsed) return phone.trim();
  if (parsed.international) return `+${parsed.digits}`;
  return parsed.digits.startsWith('0') ? `+${HOME_COUNTRY_CODE}${parsed.digits.slice(1)}` : parsed.digits;
}
