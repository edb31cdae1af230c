/**
 * Orders as their suites meet them: a valid placement body for the fixture catalogue, and calls
 * with the headers placements take (Bearer, Idempotency-Key).
 *
 *   const body = orderBody([{ productId: 'milk-1l', quantity: 2, price: 280 }]);
 *   const reply = await placeOrderCall(api(), body, { token, key: 'k-1' });
 */
import { count } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { fromClient, newClientAddress, type AccountsApi, type Reply } from './accounts.ts';

export interface Line {
  productId: string;
  quantity: number;
  price: number;
}

export const TEST_ADDRESS = { address: 'House 12, Street 4, F-7/2', city: 'Islamabad', province: 'ICT', postalCode: '44000', country: 'Pakistan' };

/** A guest placement of `items` (the fixture's sale prices: milk-1l 280, eggs-12 400, shan 120). */
export function orderBody(items: Line[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    items,
    totalAmount: items.reduce((s, l) => s + l.price * l.quantity, 0),
    paymentMethod: 'COD',
    shippingAddress: TEST_ADDRESS,
    contactNumber: '0300-1234567',
    guestInfo: { name: 'Ayesha Khan', email: 'Ayesha@Example.pk' },
    ...extra,
  };
}

/** POSTs an order; each call comes from a client of its own unless `client` names one (orders at once are many shoppers). */
export async function placeOrderCall(api: AccountsApi, body: unknown, options: { token?: string; key?: string; raw?: string; client?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.key !== undefined) headers['Idempotency-Key'] = options.key;
  const env = fromClient(options.client ?? newClientAddress());
  const res = await api.app.request('/api/order/place', { method: 'POST', headers, body: options.raw ?? JSON.stringify(body) }, env);
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Current stock of products, read through the API. */
export async function stockOf(api: AccountsApi, id: string): Promise<number> {
  const reply = await api.call('GET', `/api/products/${id}`);
  return reply.body.data.stock as number;
}

/** How many orders the database holds. */
export async function orderCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders);
  return row.n;
}
