import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '#lib/address.ts';
import { basketTotals } from '#lib/money.ts';
import type { CartLine } from '#lib/schemas/cart.ts';
import { CHECKOUT_FIELDS, PlaceOrderSchema, type OrderConflict } from '#lib/schemas/orders.ts';
import { checkLine } from '#features/cart/recheck.ts';
import { conflictCheck, conflictPriceNotice } from './conflicts.ts';
import {
  EMPTY_FORM,
  fieldErrorsFromServer,
  formOfBody,
  placementBody,
  validateCheckout,
  type CheckoutForm,
} from './rules.ts';
import { attemptFor } from './attempt.ts';

const filled: CheckoutForm = {
  'guestInfo.name': ' Ayesha Khan ',
  'shippingAddress.address': 'House 12, Street 4, F-7/2',
  'shippingAddress.city': 'Islamabad',
  'shippingAddress.province': 'Islamabad Capital Territory',
  'shippingAddress.postalCode': '44000',
  'shippingAddress.country': 'Pakistan',
  contactNumber: '0300-123 4567',
  'guestInfo.email': ' Ayesha@Example.PK ',
};
const line = (id: string, price: number, quantity: number, originalPrice?: number): CartLine => ({
  productId: id,
  productTitle: `Product ${id}`,
  price,
  quantity,
  images: [],
  ...(originalPrice ? { originalPrice } : {}),
});

describe('validateCheckout: field by field', () => {
  it('names every blank required field with its label, in the form order', () => {
    const { errors, first } = validateCheckout({ ...EMPTY_FORM, 'shippingAddress.country': '  ' });
    expect(errors).toEqual({
      'guestInfo.name': 'Full Name is required.',
      'shippingAddress.address': 'Billing Address is required.',
      'shippingAddress.city': 'City is required.',
      'shippingAddress.province': 'Province is required.',
      'shippingAddress.country': 'Country is required.',
      contactNumber: 'Phone is required.',
      'guestInfo.email': 'Email is required.',
    });
    expect(first).toBe('guestInfo.name');
  });

  it('defaults the country to Pakistan', () => {
    expect(EMPTY_FORM['shippingAddress.country']).toBe('Pakistan');
    expect(validateCheckout(EMPTY_FORM).errors['shippingAddress.country']).toBeUndefined();
  });

  it('checks the e-mail and the phone (10-15 digits once dashes, spaces and a leading + or 00 are gone)', () => {
    const bad = validateCheckout({ ...filled, 'guestInfo.email': 'ayesha@', contactNumber: '0300-12' });
    expect(bad.errors).toEqual({ contactNumber: 'Invalid phone number. Please enter 10-15 digits only.', 'guestInfo.email': 'Invalid email address.' });
    expect(bad.first).toBe('contactNumber');
    for (const ok of ['+92 300 1234567', '0092 300 1234567', '+92-300-1234567', '0300 1234567']) expect(validateCheckout({ ...filled, contactNumber: ok }).errors.contactNumber, ok).toBeUndefined();
    for (const bad of ['+92 300', '++92 300 1234567', '92+3001234567', '+92 (300) 1234567']) expect(validateCheckout({ ...filled, contactNumber: bad }).errors.contactNumber, bad).toBe('Invalid phone number. Please enter 10-15 digits only.');
    expect(validateCheckout({ ...filled, contactNumber: '1234567890123456' }).errors.contactNumber).toBeDefined();
    expect(validateCheckout({ ...filled, contactNumber: '123456789012345' }).errors.contactNumber).toBeUndefined();
  });

  it('follows the address rule: a province of the seven, Pakistan only, a postal code of 5 digits or none', () => {
    expect(validateCheckout({ ...filled, 'shippingAddress.postalCode': '' }).errors).toEqual({});
    expect(validateCheckout({ ...filled, 'shippingAddress.province': 'PB' }).errors).toEqual({});
    for (const bad of ['1', '540000', 'abcde', '5400 0']) expect(validateCheckout({ ...filled, 'shippingAddress.postalCode': bad }).errors, bad).toEqual({ 'shippingAddress.postalCode': ADDRESS_MESSAGES.postalCode });
    expect(validateCheckout({ ...filled, 'shippingAddress.province': 'xyz' }).errors).toEqual({ 'shippingAddress.province': ADDRESS_MESSAGES.province });
    expect(validateCheckout({ ...filled, 'shippingAddress.country': 'India' }).errors).toEqual({ 'shippingAddress.country': ADDRESS_MESSAGES.country });
    // The API says the same words for the same values.
    const body = (a: Record<string, string>) => ({ items: [{ productId: 'tea', quantity: 1, price: 450 }], totalAmount: 450, paymentMethod: 'COD', contactNumber: '03001234567', shippingAddress: { address: 'x', city: 'Lahore', province: 'PB', postalCode: '', country: 'Pakistan', ...a }, guestInfo: { name: 'A', email: 'a@b.pk' } });
    for (const [field, value, message] of [['postalCode', '1', ADDRESS_MESSAGES.postalCode], ['province', 'xyz', ADDRESS_MESSAGES.province], ['country', 'India', ADDRESS_MESSAGES.country]]) {
      expect(PlaceOrderSchema.safeParse(body({ [field]: value })).error?.issues[0].message).toBe(message);
    }
    expect(PlaceOrderSchema.safeParse(body({})).success).toBe(true);
  });

  it('passes a filled form, and bounds the lengths as the API does', () => {
    expect(validateCheckout(filled)).toEqual({ errors: {}, first: undefined });
    expect(validateCheckout({ ...filled, 'shippingAddress.city': 'x'.repeat(101) }).errors['shippingAddress.city']).toBe('City must be at most 100 characters.');
  });
});

describe('placementBody: the body an order is placed with', () => {
  it('builds the body: items, basketTotals total, COD, address, contact and the lowercased guest e-mail', () => {
    const lines = [line('tea', 450, 2, 500), line('rice', 1200, 1)];
    const result = placementBody(filled, lines);
    expect(result).toEqual({
      ok: true,
      body: {
        items: [
          { productId: 'tea', quantity: 2, price: 450 },
          { productId: 'rice', quantity: 1, price: 1200 },
        ],
        totalAmount: basketTotals(lines).total,
        paymentMethod: 'COD',
        shippingAddress: { address: 'House 12, Street 4, F-7/2', city: 'Islamabad', province: 'ICT', postalCode: '44000', country: 'Pakistan' },
        contactNumber: '+923001234567',
        guestInfo: { name: 'Ayesha Khan', email: 'ayesha@example.pk' },
      },
    });
    expect(basketTotals(lines).total).toBe(1890);
  });

  it('sends the phone in its one stored form, whichever way it was typed', () => {
    for (const typed of ['+92 300 1234567', '0092-300-1234567', '0300 1234567', ' 03001234567 ']) {
      const result = placementBody({ ...filled, contactNumber: typed }, [line('tea', 450, 1)]);
      expect(result.ok && result.body.contactNumber, typed).toBe('+923001234567');
    }
    const abroad = placementBody({ ...filled, contactNumber: '+44 20 7946 0958' }, [line('tea', 450, 1)]);
    expect(abroad.ok && abroad.body.contactNumber).toBe('+442079460958');
    const bare = placementBody({ ...filled, contactNumber: '3001234567' }, [line('tea', 450, 1)]);
    expect(bare.ok && bare.body.contactNumber).toBe('3001234567');
  });

  it('merges duplicate products by summing their quantity', () => {
    const result = placementBody(filled, [line('tea', 450, 2), line('tea', 450, 3)]);
    expect(result.ok && result.body.items).toEqual([{ productId: 'tea', quantity: 5, price: 450 }]);
  });

  it('sends a merged line at the lowest price its lines carried, as the server charges it, and totals that', () => {
    const result = placementBody(filled, [line('tea', 450, 1), line('milk', 300, 1), line('tea', 430, 2)]);
    expect(result.ok && result.body.items).toEqual([
      { productId: 'tea', quantity: 3, price: 430 },
      { productId: 'milk', quantity: 1, price: 300 },
    ]);
    expect(result.ok && result.body.totalAmount).toBe(basketTotals([{ price: 430, quantity: 3 }, { price: 300, quantity: 1 }]).total);
  });

  it('stops an empty cart, bad lines and a total of 0 with the checkout\'s words', () => {
    expect(placementBody(filled, [])).toEqual({ ok: false, message: 'Your cart is empty. Please add items to cart before checkout.' });
    expect(placementBody(filled, [line('tea', 0, 1)])).toEqual({ ok: false, message: 'Invalid cart data: price must be a number above 0' });
    expect(placementBody(filled, [line(' ', 10, 1)])).toEqual({ ok: false, message: 'Invalid cart data: product id is required' });
  });

  it('gives back the form a body was made from', () => {
    const result = placementBody(filled, [line('tea', 450, 1)]);
    if (!result.ok) throw new Error('expected a body');
    expect(formOfBody(result.body)).toEqual({ ...filled, 'shippingAddress.province': 'ICT', 'guestInfo.name': 'Ayesha Khan', 'guestInfo.email': 'ayesha@example.pk', contactNumber: '+923001234567' });
  });
});

describe('the form names its fields as the placement body names them', () => {
  it('each field is the body path the API keys its error by, with the label the error uses', () => {
    const blank = { items: [{ productId: 'tea', quantity: 1, price: 450 }], totalAmount: 450, paymentMethod: 'COD', contactNumber: '', shippingAddress: { address: '', city: '', province: '', postalCode: '', country: '' }, guestInfo: { name: '', email: '' } };
    const parsed = PlaceOrderSchema.safeParse(blank);
    const byPath: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) byPath[issue.path.join('.')] ??= issue.message;
    expect(byPath).toEqual(validateCheckout({ ...EMPTY_FORM, 'shippingAddress.country': '' }).errors);
    // Every field but the postal code, which may be left empty.
    expect(Object.keys(byPath).sort()).toEqual(Object.keys(CHECKOUT_FIELDS).filter((f) => f !== 'shippingAddress.postalCode').sort());
  });
});

describe('fieldErrorsFromServer', () => {
  it('puts the API errors (keyed by body path) beside the form fields, and leaves out the paths that are not fields', () => {
    expect(fieldErrorsFromServer({ 'shippingAddress.postalCode': 'Zipcode is required.', contactNumber: 'Invalid phone', 'guestInfo.email': 'Invalid email address.', items: 'x', toString: 'y' })).toEqual({
      'shippingAddress.postalCode': 'Zipcode is required.',
      contactNumber: 'Invalid phone',
      'guestInfo.email': 'Invalid email address.',
    });
    expect(fieldErrorsFromServer(undefined)).toEqual({});
  });
});

describe('a 409 conflict as the cart re-check reads it', () => {
  const conflict = (c: Partial<OrderConflict>): OrderConflict => ({ productId: 'tea', name: 'Tea', reason: 'short', requestedQuantity: 5, ...c });
  it('short: only N left, the shopper may take N', () => {
    const l = line('tea', 450, 5);
    const check = checkLine(l, conflictCheck(l, conflict({ reason: 'short', available: 3, price: 450 })));
    expect(check).toEqual({ notices: [{ kind: 'short', stock: 3 }], available: true, maxQuantity: 3 });
  });
  it('out of stock and unavailable: the line leaves the totals', () => {
    const l = line('tea', 450, 1);
    expect(checkLine(l, conflictCheck(l, conflict({ reason: 'out_of_stock', available: 0 }))).available).toBe(false);
    expect(checkLine(l, conflictCheck(l, conflict({ reason: 'unavailable' })))).toEqual({ notices: [{ kind: 'removed' }], available: false });
  });
  it('price changed: the new sale price and struck price, and the notice from the price seen', () => {
    const l = line('tea', 450, 2, 500);
    const c = conflict({ reason: 'price_changed', price: 480, originalPrice: 520, requestedPrice: 450, requestedQuantity: 2 });
    expect(conflictCheck(l, c)).toEqual({ kind: 'found', product: { price: 520, discount: 40, stock: Number.POSITIVE_INFINITY } });
    expect(conflictPriceNotice(l, c)).toEqual({ kind: 'price', from: 450, to: 480 });
    expect(checkLine(l, conflictCheck(l, c), conflictPriceNotice(l, c)).notices).toEqual([{ kind: 'price', from: 450, to: 480 }]);
    expect(conflictPriceNotice(l, conflict({ reason: 'short', available: 1, price: 450 }))).toBeUndefined();
  });
});

describe('attemptFor: one Idempotency-Key per attempt', () => {
  const body = (placementBody(filled, [line('tea', 450, 1)]) as { ok: true; body: import('#lib/schemas/orders.ts').PlaceOrderBody }).body;
  let n = 0;
  const newKey = () => `key-${++n}`;
  it('keeps the stored key while the body is the same, and makes a new one when the cart or form changed', () => {
    const first = attemptFor(body, false, undefined, newKey);
    expect(attemptFor(structuredClone(body), false, first, newKey).key).toBe(first.key);
    expect(attemptFor({ ...body, contactNumber: '03001112222' }, false, first, newKey).key).not.toBe(first.key);
    expect(attemptFor({ ...body, items: [{ productId: 'tea', quantity: 2, price: 450 }] }, false, first, newKey).key).not.toBe(first.key);
    expect(attemptFor(body, true, first, newKey).key).not.toBe(first.key);
  });
});
