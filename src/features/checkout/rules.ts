/**
 * The checkout's pure rules, with the words of the orders contract (src/lib/schemas/orders.ts): the
 * form's checks field by field, the placement body built from the form and the cart, which failures
 * count as server errors (retried with the same key, then the fallback). What a 409's conflicts
 * mean for the cart's lines is in conflicts.ts.
 */
import { mergeLines } from '#lib/lines.ts';
import { basketTotals } from '#lib/money.ts';
import type { CartLine } from '#lib/schemas/cart.ts';
import {
  CHECKOUT_FIELDS,
  CHECKOUT_MESSAGES,
  DEFAULT_COUNTRY,
  isValidEmail,
  isValidPhone,
  normalizePhone,
  ORDER_LIMITS,
  type CheckoutField,
} from '#lib/schemas/orders-rules.ts';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';

export type CheckoutForm = Record<CheckoutField, string>;
export type FieldErrors = Partial<Record<CheckoutField, string>>;

/** The form's fields in the form's order. */
export const FIELD_ORDER = Object.keys(CHECKOUT_FIELDS) as CheckoutField[];

export const EMPTY_FORM: CheckoutForm = { fullName: '', billingAddress: '', city: '', province: '', zipcode: '', country: DEFAULT_COUNTRY, phone: '', email: '' };

const MAX: Record<CheckoutField, number> = {
  fullName: ORDER_LIMITS.name,
  billingAddress: ORDER_LIMITS.address,
  city: ORDER_LIMITS.city,
  province: ORDER_LIMITS.province,
  zipcode: ORDER_LIMITS.postalCode,
  country: ORDER_LIMITS.country,
  phone: ORDER_LIMITS.phone,
  email: ORDER_LIMITS.email,
};

/** One field's message, or undefined when it is fine. */
export function fieldError(field: CheckoutField, value: string): string | undefined {
  const v = value.trim();
  if (!v) return CHECKOUT_MESSAGES.required(field);
  if (field === 'email' && !isValidEmail(v)) return CHECKOUT_MESSAGES.email;
  if (field === 'phone' && !isValidPhone(v)) return CHECKOUT_MESSAGES.phone;
  if (v.length > MAX[field]) return field === 'phone' ? CHECKOUT_MESSAGES.phone : CHECKOUT_MESSAGES.tooLong(field, MAX[field]);
  return undefined;
}

/** Every field's message, and the first invalid field in the form's order. */
export function validateCheckout(form: CheckoutForm): { errors: FieldErrors; first?: CheckoutField } {
  const errors: FieldErrors = {};
  for (const field of FIELD_ORDER) {
    const message = fieldError(field, form[field] ?? '');
    if (message) errors[field] = message;
  }
  return { errors, first: FIELD_ORDER.find((f) => errors[f]) };
}

/** Where the API's per-field errors (keyed by body path) belong in the form. */
const FIELD_OF_PATH: Record<string, CheckoutField> = {
  'guestInfo.name': 'fullName',
  'guestInfo.email': 'email',
  'shippingAddress.address': 'billingAddress',
  'shippingAddress.city': 'city',
  'shippingAddress.province': 'province',
  'shippingAddress.postalCode': 'zipcode',
  'shippingAddress.country': 'country',
  contactNumber: 'phone',
};

export function fieldErrorsFromServer(errors: Record<string, string> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors ?? {})) {
    const field = FIELD_OF_PATH[path];
    if (field && !out[field]) out[field] = message;
  }
  return out;
}

/**
 * The cart's lines as the order's items: duplicates merged as the server merges them (mergeLines:
 * quantities summed, the lowest price kept); each item needs a product id and a quantity and price
 * above 0.
 */
export function orderItems(lines: readonly CartLine[]): { items: PlaceOrderBody['items']; problem?: string } {
  const items = mergeLines(lines.map((line) => ({ productId: line.productId.trim(), quantity: line.quantity, price: line.price })));
  const bad = items.find((i) => !i.productId) ? 'product id is required' : items.find((i) => !(i.quantity > 0)) ? 'quantity must be a number above 0' : items.find((i) => !(i.price > 0)) ? 'price must be a number above 0' : undefined;
  return { items, problem: bad && CHECKOUT_MESSAGES.badItems(bad) };
}

/**
 * The placement body, or the message that stops it (empty cart, bad lines, a total of 0). The total
 * is basketTotals' over the items: what the summary shows. guestInfo is sent signed in too: it
 * names who receives the order.
 */
export function placementBody(form: CheckoutForm, lines: readonly CartLine[]): { ok: true; body: PlaceOrderBody } | { ok: false; message: string } {
  if (lines.length === 0) return { ok: false, message: CHECKOUT_MESSAGES.emptyCart };
  const { items, problem } = orderItems(lines);
  if (problem) return { ok: false, message: problem };
  const { total } = basketTotals(items);
  if (!(total > 0)) return { ok: false, message: CHECKOUT_MESSAGES.badTotal };
  const t = (f: CheckoutField) => form[f].trim();
  return {
    ok: true,
    body: {
      items,
      totalAmount: total,
      paymentMethod: 'COD',
      shippingAddress: { address: t('billingAddress'), city: t('city'), province: t('province'), postalCode: t('zipcode'), country: t('country') },
      contactNumber: normalizePhone(t('phone')),
      guestInfo: { name: t('fullName'), email: t('email').toLowerCase() },
    },
  };
}

/** The form a stored placement body was made from (a reload mid-flight shows what was sent). */
export function formOfBody(body: PlaceOrderBody): CheckoutForm {
  const a = body.shippingAddress;
  return { fullName: body.guestInfo?.name ?? '', billingAddress: a.address, city: a.city, province: a.province, zipcode: a.postalCode, country: a.country, phone: body.contactNumber, email: body.guestInfo?.email ?? '' };
}
