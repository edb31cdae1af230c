import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine, WishlistItem } from '#lib/schemas/cart.ts';
import { memoryStorage } from '#lib/test/memory-storage.ts';
import { useStandInApi, type SeenRequest } from '#lib/test/stand-in-api.ts';
import { $cart } from '#features/cart/store.ts';
import { $wishlist } from '#features/wishlist/store.ts';
import { $token } from '#features/session/store.ts';
import { enqueue } from '#lib/outbox.ts';
import { ACCOUNT_LISTS_KEY, outboxKeys } from '#lib/outbox-keys.ts';
import { SYNC_NOTICES, createSyncWorker, retryDelay, type SyncWorkerOptions } from './worker.ts';

beforeAll(() => useTestStorageEngine());

const atta: CartLine = { productId: 'atta', productTitle: 'Atta 10 kg', price: 900, quantity: 1, images: [] };
const tea: CartLine = { productId: 'tea', productTitle: 'Tea', price: 450, quantity: 1, images: [] };
const dates: WishlistItem = { _id: 'dates', name: 'Dates', price: 800, discount: 100, image: '/d.webp', stock: 5 };
const CATALOGUE: Record<string, Omit<CartLine, 'quantity'> & { stock: number }> = {
  atta: { ...atta, stock: 3 },
  tea: { ...tea, stock: 50 },
};

/** A stand-in for the cart and wishlist API (src/lib/schemas/sync.ts): one account, keys applied once. */
const server = {
  cart: new Map<string, number>(),
  wishlist: [] as WishlistItem[],
  applied: new Set<string>(),
  /** What the next changes get instead of their reply, one at a time. */
  faults: [] as ('lost' | 500 | 400 | 401)[],
};
const cartReply = () => [...server.cart].map(([id, quantity]) => ({ ...CATALOGUE[id], quantity }));

function reply(req: SeenRequest): [number, unknown] {
  if (req.auth !== 'Bearer tok') return [401, { success: false, message: 'Please sign in again.' }];
  const route = `${req.method} ${req.url}`;
  if (route === 'GET /api/cart') return [200, { success: true, cart: cartReply() }];
  if (route === 'GET /api/wishlist') return [200, { success: true, wishlist: server.wishlist }];
  const fault = server.faults.shift();
  if (fault === 400 || fault === 500 || fault === 401) return [fault, { success: false, message: 'No.' }];
  let capped: string[] = [];
  if (!server.applied.has(req.key!)) {
    server.applied.add(req.key!);
    const body = req.body as { items?: { productId: string; quantity: number }[]; productId?: string; quantity?: number; productIds?: string[] };
    if (route === 'POST /api/cart')
      for (const { productId, quantity } of body.items!) {
        const sum = (server.cart.get(productId) ?? 0) + quantity;
        if (sum > CATALOGUE[productId].stock) capped.push(productId);
        server.cart.set(productId, Math.min(sum, CATALOGUE[productId].stock));
      }
    else if (route === 'PUT /api/cart/update') server.cart.set(body.productId!, body.quantity!);
    else if (route === 'DELETE /api/cart/remove') server.cart.delete(body.productId!);
    else if (route === 'DELETE /api/cart/clear') server.cart.clear();
    else if (route === 'POST /api/wishlist') server.wishlist.push(dates);
    else return [404, { success: false, message: 'Not found' }];
  }
  // A lost reply: the change was applied, the browser never hears so.
  if (fault === 'lost') return [0, null];
  return [200, { success: true, cart: cartReply(), wishlist: server.wishlist, capped, skipped: [] }];
}

const api = useStandInApi(reply);
let storage: Storage;
let notices: string[];
let expired: number;

beforeEach(() => {
  server.cart.clear();
  server.wishlist = [];
  server.applied.clear();
  server.faults = [];
  storage = memoryStorage();
  storage.setItem(ACCOUNT_LISTS_KEY, '1');
  notices = [];
  expired = 0;
  $token.set('tok');
  $cart.set([]);
  $wishlist.set([]);
});
afterEach(() => {
  cleanTestStorage();
  vi.useRealTimers();
});

function worker(options: SyncWorkerOptions = {}) {
  return createSyncWorker({
    client: api.client(),
    storage,
    notify: (m) => notices.push(m),
    onExpired: () => {
      expired += 1;
      $token.set(undefined);
    },
    retryDelay: () => 60_000,
    ...options,
  });
}
const changes = () => api.seen.filter((r) => r.method !== 'GET');

describe('the sync worker', () => {
  it('sends the outbox in order, one change at a time, each with its Idempotency-Key, then pulls', async () => {
    const ops = [
      enqueue({ kind: 'cart-add', lines: [{ ...atta, quantity: 2 }] }, storage),
      enqueue({ kind: 'cart-add', lines: [tea] }, storage),
      enqueue({ kind: 'cart-set', productId: 'tea', quantity: 4 }, storage),
      enqueue({ kind: 'cart-remove', productId: 'atta' }, storage),
      enqueue({ kind: 'wishlist-add', items: [dates] }, storage),
    ];
    await worker().kick();
    expect(changes().map((r) => [`${r.method} ${r.url}`, r.key, r.auth])).toEqual([
      ['POST /api/cart', ops[0].id, 'Bearer tok'],
      ['POST /api/cart', ops[1].id, 'Bearer tok'],
      ['PUT /api/cart/update', ops[2].id, 'Bearer tok'],
      ['DELETE /api/cart/remove', ops[3].id, 'Bearer tok'],
      ['POST /api/wishlist', ops[4].id, 'Bearer tok'],
    ]);
    expect(outboxKeys(storage)).toEqual([]);
    expect(api.seen.slice(-2).map((r) => r.url).sort()).toEqual(['/api/cart', '/api/wishlist']);
    expect($cart.get()).toEqual([{ ...tea, quantity: 4 }]);
    expect($wishlist.get()).toEqual([dates]);
  });

  it('resends a change whose reply was lost with the same key, and it is applied once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const op = enqueue({ kind: 'cart-add', lines: [{ ...tea, quantity: 2 }] }, storage);
    server.faults = ['lost'];
    const w = worker();
    await w.kick();
    expect(server.cart.get('tea')).toBe(2);
    expect(outboxKeys(storage)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    await w.kick();
    expect(changes().map((r) => r.key)).toEqual([op.id, op.id]);
    expect(server.cart.get('tea')).toBe(2);
    expect(outboxKeys(storage)).toEqual([]);
    expect($cart.get()).toEqual([{ ...tea, quantity: 2 }]);
  });

  it('keeps a change through a 5xx and tries again later, with a growing, capped delay', async () => {
    enqueue({ kind: 'cart-add', lines: [tea] }, storage);
    server.faults = [500, 500];
    const delays: number[] = [];
    const w = worker({ retryDelay: (n) => (delays.push(n), 20 * n) });
    await w.kick();
    expect(outboxKeys(storage)).toHaveLength(1);
    expect(server.cart.size).toBe(0);
    await vi.waitFor(() => expect(outboxKeys(storage)).toEqual([]));
    expect(delays).toEqual([1, 2]);
    expect(changes()).toHaveLength(3);
    expect(server.cart.get('tea')).toBe(1);
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('keeps everything while the API cannot be reached, and sends it once it answers', async () => {
    enqueue({ kind: 'cart-add', lines: [tea] }, storage);
    const down = createSyncWorker({ client: new (api.client().constructor as typeof import('#lib/api.ts').ApiClient)('http://127.0.0.1:9'), storage, retryDelay: () => 60_000 });
    await down.kick();
    down.stop();
    expect(outboxKeys(storage)).toHaveLength(1);
    await worker().kick();
    expect(outboxKeys(storage)).toEqual([]);
    expect(server.cart.get('tea')).toBe(1);
  });

  it('drops a change the server refuses (4xx), says so, goes on with the next and pulls', async () => {
    enqueue({ kind: 'cart-set', productId: 'atta', quantity: 2 }, storage);
    enqueue({ kind: 'cart-add', lines: [tea] }, storage);
    server.faults = [400];
    $cart.set([{ ...atta, quantity: 2 }, tea]);
    await worker().kick();
    expect(changes()).toHaveLength(2);
    expect(outboxKeys(storage)).toEqual([]);
    expect(notices).toEqual([SYNC_NOTICES.cartDropped]);
    expect($cart.get()).toEqual([tea]);
  });

  it('tells the shopper when the server capped a quantity by stock', async () => {
    enqueue({ kind: 'cart-add', lines: [{ ...atta, quantity: 5 }] }, storage);
    await worker().kick();
    expect(notices).toEqual([SYNC_NOTICES.capped]);
    expect($cart.get()).toEqual([{ ...atta, quantity: 3 }]);
  });

  it('stops at a 401: the session ends, nothing more is sent and nothing is written', async () => {
    enqueue({ kind: 'cart-add', lines: [tea] }, storage);
    enqueue({ kind: 'cart-add', lines: [atta] }, storage);
    server.faults = [401];
    $cart.set([tea, atta]);
    const w = worker();
    await w.kick();
    await w.kick();
    expect(expired).toBe(1);
    expect(changes()).toHaveLength(1);
    expect(api.seen.filter((r) => r.method === 'GET')).toHaveLength(0);
  });

  it('shows the pending changes on top of the pulled lists (a change made during the pull is kept)', async () => {
    server.cart.set('atta', 1);
    const w = worker();
    const pulling = w.kick({ pull: true });
    $cart.set([{ ...atta }, tea]);
    enqueue({ kind: 'cart-add', lines: [tea] }, storage);
    await pulling;
    await w.kick();
    expect($cart.get()).toEqual([atta, tea]);
    expect(server.cart.get('tea')).toBe(1);
  });
});
