/**
 * POST /api/order/place refuses what the checkout form refuses, with the same words, at the body
 * path of the field; and nothing is placed or taken by a refused request.
 */
import { sql } from 'drizzle-orm';
import { lineQuantityCap, setLineQuantityCap } from '#lib/line-cap.ts';
import { MAX_PRICE } from '#lib/money.ts';
import { ORDER_MESSAGES } from '#server/orders/messages.ts';
import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '#lib/address.ts';
import { CHECKOUT_MESSAGES } from '#lib/schemas/orders.ts';
import { ORDER_LIMITS } from '#lib/schemas/orders-rules.ts';
import { MAX_BODY_BYTES } from '#server/http/body.ts';
import { newClientAddress, useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, placeOrderCall, stockOf } from '#server/test/orders.ts';

const milk = { productId: 'milk-1l', quantity: 1, price: 280 };

describe.each(testDatabases)('order placement input on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);
  const place = (body: unknown, options?: Parameters<typeof placeOrderCall>[2]) => placeOrderCall(api(), body, options);

  it.each([
    ['shippingAddress.address', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, address: ' ' } }, 'Billing Address is required.'],
    ['shippingAddress.city', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, city: '' } }, 'City is required.'],
    ['shippingAddress.province', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, province: undefined } }, 'Province is required.'],
    ['shippingAddress.country', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, country: '' } }, 'Country is required.'],
    ['shippingAddress.country', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, country: 'India' } }, ADDRESS_MESSAGES.country],
    ['shippingAddress.province', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, province: 'xyz' } }, ADDRESS_MESSAGES.province],
    ['shippingAddress.province', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, province: 'P'.repeat(5000) } }, 'Province must be at most 100 characters.'],
    ['shippingAddress.postalCode', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, postalCode: '1' } }, ADDRESS_MESSAGES.postalCode],
    ['shippingAddress.postalCode', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, postalCode: '5400O' } }, ADDRESS_MESSAGES.postalCode],
    ['shippingAddress.postalCode', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, postalCode: '9'.repeat(5000) } }, ADDRESS_MESSAGES.postalCode],
    ['shippingAddress.postalCode', { shippingAddress: { ...orderBody([milk]).shippingAddress as object, postalCode: 54000 } }, ADDRESS_MESSAGES.postalCode],
    ['contactNumber', { contactNumber: '' }, 'Phone is required.'],
    ['contactNumber', { contactNumber: '0300-12' }, CHECKOUT_MESSAGES.phone],
    ['contactNumber', { contactNumber: '0300 12345ab' }, 'Invalid phone number. Please enter 10-15 digits only.'],
    ['guestInfo.name', { guestInfo: { name: '', email: 'a@b.pk' } }, 'Full Name is required.'],
    ['guestInfo.email', { guestInfo: { name: 'Ayesha', email: '' } }, 'Email is required.'],
    ['guestInfo.email', { guestInfo: { name: 'Ayesha', email: 'not-an-email' } }, 'Invalid email address.'],
    ['items', { items: [] }, 'Your cart is empty. Please add items to cart before checkout.'],
    ['totalAmount', { totalAmount: 0 }, 'Invalid order total. Please refresh the page and try again.'],
    ['totalAmount', { totalAmount: -5 }, CHECKOUT_MESSAGES.badTotal],
    ['items.0.price', { items: [{ ...milk, price: 0 }] }, 'Invalid cart data: price must be a number above 0'],
    ['items.0.price', { items: [{ ...milk, price: 190.5 }] }, 'Invalid cart data: price must be whole rupees'],
    ['items.0.price', { items: [{ ...milk, price: 5e-324 }] }, 'Invalid cart data: price must be whole rupees'],
    ['items.0.price', { items: [{ ...milk, price: 2147483648 }] }, 'Invalid cart data: price must be at most Rs. 1,000,000'],
    ['items.0.price', { items: [{ ...milk, price: 1e308 }] }, 'Invalid cart data: price must be at most Rs. 1,000,000'],
    ['items.0.price', { items: [{ ...milk, price: -1 }] }, 'Invalid cart data: price must be a number above 0'],
    ['items.0.price', { items: [{ ...milk, price: -0 }] }, 'Invalid cart data: price must be a number above 0'],
    ['totalAmount', { totalAmount: 280.5 }, CHECKOUT_MESSAGES.badTotal],
    ['totalAmount', { totalAmount: 2147483648 }, CHECKOUT_MESSAGES.badTotal],
    ['items.0.quantity', { items: [{ ...milk, quantity: -1 }] }, 'Invalid cart data: quantity must be a number above 0'],
    ['items.0.quantity', { items: [{ ...milk, quantity: 1.5 }] }, 'Invalid cart data: quantity must be a whole number'],
    ['items.0.quantity', { items: [{ ...milk, quantity: 2147483648 }] }, `Invalid cart data: You can order at most ${lineQuantityCap()} of one product.`],
    ['items.0.quantity', { items: [{ ...milk, quantity: '2' }] }, 'Invalid cart data: quantity must be a number above 0'],
    ['items.0.productId', { items: [{ ...milk, productId: '' }] }, 'Invalid cart data: product id is required'],
    ['paymentMethod', { paymentMethod: 'Card' }, 'Cash on delivery (COD) is the only payment method.'],
  ])('%s: %j is a 400 with its message', async (path, change, message) => {
    const reply = await place({ ...orderBody([milk]), ...change });
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(reply.body.errors[path]).toBe(message);
    expect(reply.body.message).toBe(Object.values(reply.body.errors)[0]);
    expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  describe('quantity caps', () => {
    const cap = lineQuantityCap();
    const shan = { productId: 'shan-biryani-50g', quantity: 1, price: 120 };
    const capMessage = `Invalid cart data: You can order at most ${cap} of one product.`;

    it('a line above the cap is a 400 naming the line, and stock is untouched', async () => {
      const before = await stockOf(api(), 'shan-biryani-50g');
      const reply = await place(orderBody([milk, { ...shan, quantity: cap + 1 }]));
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual({ 'items.1.quantity': capMessage });
      expect(await stockOf(api(), 'shan-biryani-50g')).toBe(before);
    });

    it('duplicate lines are capped by their sum, named at the line that passes it', async () => {
      const before = await stockOf(api(), 'shan-biryani-50g');
      const reply = await place(orderBody([{ ...shan, quantity: cap - 1 }, milk, { ...shan, quantity: 2 }]));
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual({ 'items.2.quantity': capMessage });
      expect(await stockOf(api(), 'shan-biryani-50g')).toBe(before);
    });

    it('exactly the cap is placed', async () => {
      const before = await stockOf(api(), 'shan-biryani-50g');
      expect((await place(orderBody([{ ...shan, quantity: cap }]))).status).toBe(201);
      expect(await stockOf(api(), 'shan-biryani-50g')).toBe(before - cap);
    });

    it(`more than ${ORDER_LIMITS.lines} lines is a 400 naming the items`, async () => {
      const lines = Array.from({ length: ORDER_LIMITS.lines + 1 }, (_, i) => ({ productId: `p-${i}`, quantity: 1, price: 10 }));
      const reply = await place(orderBody(lines));
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual({ items: `Invalid cart data: at most ${ORDER_LIMITS.lines} products an order` });
    });
  });

  it("the probe's line prices: a price in paisa or past any product's is a 400 in words, never a 500, and costs no guest order", async () => {
    const client = newClientAddress();
    for (const raw of ['190.5', '2147483648', '1e308', '5e-324', '-1', '-0', '1e400']) {
      const text = JSON.stringify(orderBody([milk])).replace('"price":280', `"price":${raw}`);
      const reply = await place(undefined, { raw: text, client });
      expect(reply.status, raw).toBe(400);
      expect(reply.body.errors['items.0.price'], raw).toMatch(/^Invalid cart data: price must be /);
    }
    const rows = ((await database().db.execute(sql`select points from rate_limits where key = ${`guest-orders:${client}`}`)) as unknown as { rows: unknown[] }).rows;
    expect(rows).toEqual([]);
  });

  it('an order adding up past what the database holds is a 400 in words, not a 500', async () => {
    const cap = lineQuantityCap();
    setLineQuantityCap(1000); // the most a shop may set
    try {
      const lines = ['milk-1l', 'eggs-12', 'shan-biryani-50g'].map((productId) => ({ productId, quantity: 1000, price: MAX_PRICE }));
      const reply = await place({ ...orderBody(lines), totalAmount: 1 });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual({ items: ORDER_MESSAGES.tooLarge });
    } finally {
      setLineQuantityCap(cap);
    }
  });

  it('a missing field is named at its path, in the form order', async () => {
    const reply = await place({ items: [milk], totalAmount: 280, paymentMethod: 'COD', shippingAddress: {}, contactNumber: '03001234567' });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Billing Address is required.');
    expect(reply.body.errors).toEqual({
      'shippingAddress.address': 'Billing Address is required.',
      'shippingAddress.city': 'City is required.',
      'shippingAddress.province': 'Province is required.',
      'shippingAddress.country': 'Country is required.',
    });
  });

  it('a guest without guestInfo is told the name and e-mail are required', async () => {
    const { guestInfo: _, ...body } = orderBody([milk]);
    const reply = await place(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ message: 'Full Name is required.', errors: { 'guestInfo.name': 'Full Name is required.', 'guestInfo.email': 'Email is required.' } });
  });

  it('unknown fields are refused, at the top and inside', async () => {
    const top = await place({ ...orderBody([milk]), discountCode: 'FREE' });
    expect(top.status).toBe(400);
    expect(top.body.errors).toEqual({ discountCode: "Unknown field 'discountCode'." });
    const inner = await place({ ...orderBody([{ ...milk, total: 1 } as never]) });
    expect(inner.body.errors).toEqual({ 'items.0.total': "Unknown field 'items.0.total'." });
  });

  it('a body that is not a JSON object is a 400; one over 16 KiB a 413', async () => {
    expect((await place(null, { raw: '[1,2]' })).status).toBe(400);
    expect((await place(null, { raw: '{"items": ' })).body.errors).toEqual({ body: 'The request body must be a JSON object.' });
    const big = await place({ ...orderBody([milk]), contactNumber: 'x'.repeat(MAX_BODY_BYTES) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(`The request body must be at most ${MAX_BODY_BYTES} bytes.`);
  });

  it('an Idempotency-Key that is not 1 to 200 visible characters is a 400 naming the header', async () => {
    for (const key of ['', 'has space', 'k'.repeat(201), 'caf\u00e9']) {
      const reply = await place(orderBody([milk]), { key });
      expect(reply.status).toBe(400);
      expect(Object.keys(reply.body.errors)).toEqual(['Idempotency-Key']);
      expect(reply.body.message).toMatch(/Idempotency-Key/);
    }
  });

  it('a Bearer token that opens nothing is a 401, and the guest path is not taken', async () => {
    const reply = await place(orderBody([milk]), { token: 'x'.repeat(43) });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ success: false, message: 'Please sign in again.' });
  });

  it('none of those refusals placed an order or took stock', async () => {
    expect(await stockOf(api(), 'milk-1l')).toBe(40);
  });
});
