/**
 * The orders' and checkout's API modules against a local stand-in for the orders contract
 * (src/lib/schemas/orders.ts): placing with the Idempotency-Key (and the Bearer), 409 conflicts,
 * server errors retried with the same key, tracking by id and by number, the order list.
 */
import { cleanTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '#lib/api.ts';
import { useStandInApi, type SeenRequest } from '#lib/test/stand-in-api.ts';
import type { PlaceOrderBody } from '#lib/schemas/orders.ts';
import { placeOrder, placeWithRetries } from './place.ts';
import { NOT_FOUND, TRACK_FAILED, trackOrder } from './api.ts';
import { listOrders } from './history.ts';

const createdAt = '2026-11-20T10:00:00.000Z';
const summary = {
  orderNumber: 'KR-7F3K-9Q2M',
  status: 'Pending',
  statusHistory: [{ status: 'Pending', at: createdAt }],
  paymentMethod: 'COD',
  totalAmount: 810,
  itemCount: 1,
  isPaid: false,
  paidAt: null,
  isDelivered: false,
  deliveredAt: null,
  createdAt,
  updatedAt: createdAt,
};
const order = {
  ...summary,
  _id: 'Zx3_k9-QpL2mN8vB4cD7eF1a',
  items: [{ productId: 'tea', name: 'Tapal Tea', image: '/images/tea.webp', price: 450, quantity: 2, lineTotal: 900 }],
  subtotal: 900,
  youSave: 90,
  shipping: 0,
  contactNumber: '03001234567',
  shippingAddress: { address: 'House 12', city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan' },
  guestInfo: { name: 'Ayesha Khan', email: 'ayesha@example.pk' },
  isGuest: true,
};
const body: PlaceOrderBody = {
  items: [{ productId: 'tea', quantity: 2, price: 450 }],
  totalAmount: 810,
  paymentMethod: 'COD',
  shippingAddress: order.shippingAddress,
  contactNumber: '03001234567',
  guestInfo: order.guestInfo,
};

/** How the stand-in answers the next placements: one status per call, then 201. */
let script: number[] = [];

function reply(s: SeenRequest): [number, unknown] {
  const route = `${s.method} ${s.url}`;
  if (route === 'POST /api/order/place') {
    const status = script.shift() ?? 201;
    if (status === 201) return [201, { success: true, message: 'Order placed', order }];
    if (status === 409)
      return [409, { success: false, message: 'Some items changed', conflicts: [{ productId: 'tea', name: 'Tapal Tea', reason: 'short', available: 1, price: 450, requestedQuantity: 2 }] }];
    if (status === 400) return [400, { success: false, message: 'Please check the form.', errors: { 'shippingAddress.city': 'City is required.' } }];
    if (status === 4000) return [400, { success: false, message: 'Server Error' }];
    if (status === 502) return [502, 'Bad gateway'];
    return [status, { success: false, error: 'Database unavailable' }];
  }
  if (route === `GET /api/order/order-status/${order._id}`) return [200, { success: true, order }];
  if (route === 'GET /api/order/order-status/KR-7F3K-9Q2M') return s.auth === 'Bearer owner' ? [200, { success: true, order }] : s.auth ? [401, { success: false, message: 'Please sign in again.' }] : [200, { success: true, order: summary }];
  if (route === 'GET /api/order/order-status/broken') return [200, { success: true, order: { orderNumber: 1 } }];
  if (route === 'GET /api/order/order-status/down') return [503, { success: false, message: 'Service Unavailable' }];
  if (route === 'GET /api/order') return s.auth === 'Bearer owner' ? [200, { success: true, orders: [order, { ...summary, _id: 'second', totalAmount: 100 }] }] : [401, { success: false, message: 'Please sign in again.' }];
  return [404, { success: false, message: 'Order not found' }];
}

const api = useStandInApi(reply);
const seen = api.seen;
let client: ApiClient;
beforeAll(() => {
  useTestStorageEngine();
  client = api.client();
});
afterEach(() => {
  script = [];
  cleanTestStorage();
});

describe('placeOrder', () => {
  it('sends the body with its Idempotency-Key, no Bearer for a guest, and reads the id and number', async () => {
    expect(await placeOrder(body, 'key-1', { signedIn: false, client })).toEqual({ ok: true, orderId: order._id, orderNumber: 'KR-7F3K-9Q2M', message: 'Order placed' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/order/place', key: 'key-1', auth: undefined, body });
  });

  it('sends the Bearer when signed in', async () => {
    setTestStorageKey('token', 'owner');
    await placeOrder(body, 'key-2', { signedIn: true, client });
    expect(seen[0]).toMatchObject({ auth: 'Bearer owner', key: 'key-2' });
  });

  it('reads a 409 as its conflicts', async () => {
    script = [409];
    expect(await placeOrder(body, 'k', { signedIn: false, client })).toEqual({
      ok: false,
      kind: 'conflict',
      message: 'Failed to place order: Some items changed (Status: 409)',
      conflicts: [{ productId: 'tea', name: 'Tapal Tea', reason: 'short', available: 1, price: 450, requestedQuantity: 2 }],
    });
  });

  it("reads a 400 as rejected with the server's message and field errors", async () => {
    script = [400];
    expect(await placeOrder(body, 'k', { signedIn: false, client })).toEqual({
      ok: false,
      kind: 'rejected',
      status: 400,
      message: 'Failed to place order: Please check the form. (Status: 400)',
      fields: { 'shippingAddress.city': 'City is required.' },
    });
  });

  it("takes 5xx, a 400 'Server Error' and no answer as server errors, with the order failure text", async () => {
    script = [500, 4000, 502];
    expect(await placeOrder(body, 'k', { signedIn: false, client })).toEqual({ ok: false, kind: 'server', status: 500, message: 'Failed to place order: Database unavailable (Status: 500)' });
    expect(await placeOrder(body, 'k', { signedIn: false, client })).toMatchObject({ kind: 'server', status: 400, message: 'Failed to place order: Server Error (Status: 400)' });
    expect(await placeOrder(body, 'k', { signedIn: false, client })).toMatchObject({ kind: 'server', status: 502, message: 'Failed to place order: Bad gateway (Status: 502)' });
    expect(await placeOrder(body, 'k', { signedIn: false, client: new ApiClient('http://127.0.0.1:9') })).toMatchObject({ ok: false, kind: 'server' });
  });
});

describe('placeWithRetries', () => {
  const noWait = async () => {};
  it('retries a server error with the same key until it succeeds', async () => {
    script = [500, 503];
    const waits: number[] = [];
    const outcome = await placeWithRetries(() => placeOrder(body, 'same-key', { signedIn: false, client }), [1000, 2000], async (ms) => void waits.push(ms));
    expect(outcome).toMatchObject({ ok: true, orderId: order._id });
    expect(seen.map((s) => s.key)).toEqual(['same-key', 'same-key', 'same-key']);
    expect(waits).toEqual([1000, 2000]);
  });
  it('gives up after the retries with the last server error', async () => {
    script = [500, 500, 500, 500];
    expect(await placeWithRetries(() => placeOrder(body, 'k', { signedIn: false, client }), [1, 1], noWait)).toMatchObject({ ok: false, kind: 'server' });
    expect(seen).toHaveLength(3);
  });
  it('never retries a conflict or a rejection', async () => {
    script = [409];
    expect(await placeWithRetries(() => placeOrder(body, 'k', { signedIn: false, client }), [1, 1], noWait)).toMatchObject({ kind: 'conflict' });
    expect(seen).toHaveLength(1);
  });
});

describe('trackOrder', () => {
  it('reads the whole order by id (nulls as absent)', async () => {
    const result = await trackOrder(order._id, undefined, client);
    expect(result).toMatchObject({ ok: true, tracked: { kind: 'order', order: { _id: order._id, orderNumber: 'KR-7F3K-9Q2M', status: 'Pending', paidAt: null, items: order.items, guestInfo: order.guestInfo } } });
    expect(seen[0].auth).toBeUndefined();
  });
  it('reads the summary by number, and the whole order for its owner', async () => {
    expect(await trackOrder('KR-7F3K-9Q2M', undefined, client)).toMatchObject({ ok: true, tracked: { kind: 'summary', summary: { orderNumber: 'KR-7F3K-9Q2M', totalAmount: 810, itemCount: 1 } } });
    expect(await trackOrder('KR-7F3K-9Q2M', 'owner', client)).toMatchObject({ ok: true, tracked: { kind: 'order' } });
  });
  it('asks again without a token the server refuses (never signing out)', async () => {
    expect(await trackOrder('KR-7F3K-9Q2M', 'stale', client)).toMatchObject({ ok: true, tracked: { kind: 'summary' } });
    expect(seen.map((s) => s.auth)).toEqual(['Bearer stale', undefined]);
  });
  it('tells not found from a failure', async () => {
    expect(await trackOrder('nope', undefined, client)).toEqual({ ok: false, notFound: true, message: NOT_FOUND });
    expect(await trackOrder('down', undefined, client)).toEqual({ ok: false, notFound: false, message: TRACK_FAILED });
    expect(await trackOrder('broken', undefined, client)).toEqual({ ok: false, notFound: false, message: TRACK_FAILED });
  });
});

describe('listOrders', () => {
  it("reads the signed-in shopper's orders with their item counts", async () => {
    setTestStorageKey('token', 'owner');
    expect(await listOrders({ client })).toEqual({
      ok: true,
      orders: [
        { _id: order._id, orderNumber: 'KR-7F3K-9Q2M', status: 'Pending', totalAmount: 810, itemCount: 1, createdAt },
        { _id: 'second', orderNumber: 'KR-7F3K-9Q2M', status: 'Pending', totalAmount: 100, itemCount: 1, createdAt },
      ],
    });
  });
  it('fails with the status, calling onExpired on a 401', async () => {
    setTestStorageKey('token', 'stale');
    let expired = 0;
    expect(await listOrders({ client, onExpired: () => expired++ })).toEqual({ ok: false, status: 401 });
    expect(expired).toBe(1);
  });
});
