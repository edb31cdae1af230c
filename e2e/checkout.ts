/**
 * Helpers of the checkout and orders journeys: products of their own a test may order (so stock
 * counts stay exact while tests and projects run side by side), a cart seeded with them, the
 * checkout form filled, the orders the page places, and the API's view of stock.
 */
import { API_ADDRESS_LINE, FORM_ADDRESS_LINE } from './secrets.ts';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { basketTotals } from '#lib/money.ts';
import type { Product } from '#lib/schemas/catalog.ts';
import { CHECKOUT_FIELDS, type CheckoutField } from '#lib/schemas/orders-rules.ts';
import { test, expect, type CatalogFixture } from './fixtures.ts';
import { lineOf, seedStorage } from './shopper.ts';
import { newEmail } from './accounts.ts';

/**
 * The product test `slot` orders: in stock (at least 30), priced, each slot and project its own,
 * so no other test moves its stock meanwhile.
 */
export async function productFor(catalog: CatalogFixture, slot: number): Promise<Product> {
  const products = (await catalog.products())
    .filter((p) => p.stock >= 30 && p.price - p.discount > 0)
    .sort((a, b) => a._id.localeCompare(b._id));
  const index = slot * 2 + (test.info().project.name === 'desktop' ? 1 : 0);
  const product = products[index];
  if (!product) throw new Error(`No product for slot ${slot}`);
  return product;
}

export async function stockOf(request: APIRequestContext, id: string): Promise<number> {
  const url = `/api/products/${encodeURIComponent(id)}`;
  // A kept-alive connection the busy server closed (ECONNRESET) is asked again once.
  const reply = await request.get(url).catch(() => request.get(url));
  expect(reply.ok()).toBeTruthy();
  return (await reply.json()).data.stock;
}

/** A cart of `quantity` units of each product, stored before the first page loads; its total as basketTotals gives it. */
export async function seedCart(page: Page, items: [Product, number][]): Promise<number> {
  const lines = items.map(([p, q]) => lineOf(p, q));
  await seedStorage(page, { guestCart: lines });
  return basketTotals(lines).total;
}

/** The checkout form's values, keyed as the form and the placement body name its fields. */
export type Details = Record<CheckoutField, string>;

export const details = (email: string): Details => ({
  'guestInfo.name': 'Ayesha Khan',
  'shippingAddress.address': FORM_ADDRESS_LINE,
  'shippingAddress.city': 'Islamabad',
  'shippingAddress.province': 'ICT',
  'shippingAddress.postalCode': '44000',
  'shippingAddress.country': 'Pakistan',
  contactNumber: '0300-123 4567',
  'guestInfo.email': email,
});

/** The form's labels, as the store words them. */
export const LABELS: Record<keyof Details, string> = CHECKOUT_FIELDS;

/** The form's field for `key`, found by its label. */
export const field = (page: Page, key: keyof Details) => page.getByLabel(LABELS[key], { exact: true });

/**
 * Fills the form as a shopper would: the province is chosen (by its value or its name), the
 * country is Pakistan and cannot be changed (it is checked instead), the rest typed.
 */
export async function fillCheckout(page: Page, values: Partial<Details>): Promise<void> {
  for (const [key, value] of Object.entries(values) as [keyof Details, string][]) {
    if (key === 'shippingAddress.province') await field(page, key).selectOption(value);
    else if (key === 'shippingAddress.country') await expect(field(page, key)).toHaveValue(value);
    else await field(page, key).fill(value);
  }
}

/** Every POST /api/order/place the page sends, with its Idempotency-Key. */
export function placements(page: Page): { key: string | undefined; auth: string | undefined }[] {
  const seen: { key: string | undefined; auth: string | undefined }[] = [];
  page.on('request', (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/order/place') seen.push({ key: r.headers()['idempotency-key'], auth: r.headers().authorization });
  });
  return seen;
}

/** The subject of an order's confirmation mail. */
export const ORDER_MAIL = /^Your Kiryana order KR-/;

/** The order the success or status page's address names. */
export const idFromUrl = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop()!);

/** A guest order placed through the API: its id, number and total. */
export async function placeGuestOrder(request: APIRequestContext, product: Product, quantity = 1) {
  const sale = product.price - product.discount;
  const reply = await request.post('/api/order/place', {
    data: {
      items: [{ productId: product._id, quantity, price: sale }],
      totalAmount: sale * quantity,
      paymentMethod: 'COD',
      shippingAddress: { address: API_ADDRESS_LINE, city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan' },
      contactNumber: '03004445555',
      guestInfo: { name: 'Zainab Qureshi', email: newEmail('track') },
    },
  });
  expect(reply.status()).toBe(201);
  const { order } = await reply.json();
  return order as { _id: string; orderNumber: string; totalAmount: number };
}
