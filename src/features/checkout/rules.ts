/**
 * The checkout's pure rules, with the words of the orders contract (src/lib/schemas/orders.ts): the
 * form's checks field by field, the placement body built from the form and the cart, which failures
 * count as server errors (retried with the same key, then the fallback). What a 409's conflicts
 * mean for the cart's lines is in conflicts.ts.
 */
import { addressRuleError, countryOf, provinceOf } from '#lib/address.ts';
import { isValidEmail } from '#lib/email-rule.ts';
import { mergeLines } from '#lib/lines.ts';
import { basketTotals } from '#lib/money.ts';
import type { CartLine } from '#lib/schemas/cart.ts';
import {
  CHECKOUT_FIELDS,
  CHECKOUT_MESSAGES,
  DEFAULT_COUNTRY,
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

export const EMPTY_FORM: CheckoutForm = {
  'guestInfo.name': '',
  'shippingAddress.address': '',
  'shippingAddress.city': '',
  'shippingAddress.province': '',
  'shippingAddress.postalCode': '',
  'shippingAddress.country': DEFAULT_COUNTRY,
  contactNumber: '',
  'guestInfo.email': '',
};

const MAX: Record<CheckoutField, number> = {
  'guestInfo.name': ORDER_LIMITS.name,
  'shippingAddress.address': ORDER_LIMITS.address,
  'shippingAddress.city': ORDER_LIMITS.city,
  'shippingAddress.province': ORDER_LIMITS.province,
  'shippingAddress.postalCode': ORDER_LIMITS.postalCode,
  'shippingAddress.country': ORDER_LIMITS.country,
  contactNumber: ORDER_LIMITS.phone,
  'guestInfo.email': ORDER_LIMITS.email,
};

/** One field's message, or undefined when it is fine. */
export function fieldError(field: CheckoutField, value: string): string | undefined {
  const v = value.trim();
  if (!v) return field === 'shippingAddress.postalCode' ? undefined : CHECKOUT_MESSAGES.required(field);
  if (field === 'guestInfo.email' && !isValidEmail(v)) return CHECKOUT_MESSAGES.email;
  if (field === 'contactNumber' && !isValidPhone(v)) return CHECKOUT_MESSAGES.phone;
  if (field === 'shippingAddress.postalCode') return addressRuleError('postalCode', v);
  if (v.length > MAX[field]) return field === 'contactNumber' ? CHECKOUT_MESSAGES.phone : CHECKOUT_MESSAGES.tooLong(field, MAX[field]);
  if (field === 'shippingAddress.province') return addressRuleError('province', v);
  if (field === 'shippingAddress.country') return addressRuleError('country', v);
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

const isField = (path: string): path is CheckoutField => Object.hasOwn(CHECKOUT_FIELDS, path);

/** The API's per-field errors that belong to a field of the form: both are keyed by body path. */
export function fieldErrorsFromServer(errors: Record<string, string> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors ?? {})) if (isField(path)) out[path] = message;
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
      shippingAddress: {
        address: t('shippingAddress.address'),
        city: t('shippingAddress.city'),
        province: provinceOf(t('shippingAddress.province')) ?? t('shippingAddress.province'),
        postalCode: t('shippingAddress.postalCode'),
        country: countryOf(t('shippingAddress.country')) ?? t('shippingAddress.country'),
      },
      contactNumber: normalizePhone(t('contactNumber')),
      guestInfo: { name: t('guestInfo.name'), email: t('guestInfo.email').toLowerCase() },
    },
  };
}

/** The form a stored placement body was made from (a reload mid-flight shows what was sent). */
export function formOfBody(body: PlaceOrderBody): CheckoutForm {
  const form = { ...EMPTY_FORM };
  for (const field of FIELD_ORDER) {
    const value = field.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], body);
    form[field] = typeof value === 'string' ? value : '';
  }
  return form;
}
