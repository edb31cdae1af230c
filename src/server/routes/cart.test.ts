/**
 * The signed-in cart API (contract in src/lib/schemas/sync.ts): ownership, the merge rule
 * (quantities added, capped by stock), replies with today's figures, Idempotency-Keys, concurrency,
 * and every 400 of the contract. Fixture stock: milk 40, butter 3, atta 1, yoghurt 0, pepsi 0.
 */
import { eq } from 'drizzle-orm';
import { lineQuantityCap } from '#lib/line-cap.ts';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '#lib/images.ts';
import { SYNC_MESSAGES } from '#lib/schemas/sync.ts';
import { DAY } from '#server/clock.ts';
import { products, syncKeys } from '#server/db/schema.ts';
import { useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { expectEachNeedsSignIn, listCaller } from '#server/test/lists.ts';

const line = (productId: string, quantity: number) => ({ productId, quantity });
/** The cart as productId → quantity, in the reply's order. */
const quantities = (cart: { productId: string; quantity: number }[]) => cart.map((l) => [l.productId, l.quantity]);

describe.each(testDatabases)('cart API on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);
  const send = listCaller(api);
  const shopper = () => api().signUp();

  it('needs a valid token on every route', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', '/api/cart', undefined],
      ['POST', '/api/cart', { items: [line('milk-1l', 1)] }],
      ['PUT', '/api/cart/update', line('milk-1l', 1)],
      ['DELETE', '/api/cart/remove', { productId: 'milk-1l' }],
      ['DELETE', '/api/cart/clear', undefined],
    ];
    await expectEachNeedsSignIn(send, calls, [undefined, 'A'.repeat(43), 'not a token']);
  });

  it('keeps each shopper to their own cart: B never sees or changes A’s lines', async () => {
    const a = await shopper();
    const b = await shopper();
    await send('POST', '/api/cart', { token: a.token, body: { items: [line('milk-1l', 2), line('eggs-12', 1)] } });
    expect((await send('GET', '/api/cart', { token: b.token })).body).toEqual({ success: true, cart: [] });
    await send('DELETE', '/api/cart/clear', { token: b.token });
    await send('DELETE', '/api/cart/remove', { token: b.token, body: { productId: 'milk-1l' } });
    await send('PUT', '/api/cart/update', { token: b.token, body: line('eggs-12', 5) });
    expect(quantities((await send('GET', '/api/cart', { token: a.token })).body.cart)).toEqual([
      ['milk-1l', 2],
      ['eggs-12', 1],
    ]);
    expect(quantities((await send('GET', '/api/cart', { token: b.token })).body.cart)).toEqual([['eggs-12', 5]]);
  });

  it('replies with today’s title, sale price, struck price, images and stock, never cached', async () => {
    const { token } = await shopper();
    const reply = await send('POST', '/api/cart', { token, body: { items: [line('milk-1l', 1), line('pepsi-1-5l', 1)] } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({
      success: true,
      skipped: [],
      capped: [],
      cart: [
        { productId: 'milk-1l', productTitle: 'Olpers Milk 1L', price: 280, originalPrice: 290, quantity: 1, images: ['/images/products/milk-1l.webp', '/images/products/milk-1l-b.webp'], stock: 40 },
        // Not discounted: no struck price; no images: the placeholder the product reply shows.
        { productId: 'pepsi-1-5l', productTitle: 'Pepsi 1.5L', price: 180, quantity: 1, images: [PLACEHOLDER_IMAGE], stock: 0 },
      ],
    });
    await database().db.update(products).set({ price: 300, discount: 0, name: 'Olpers Milk 1 Litre' }).where(eq(products.id, 'milk-1l'));
    const [milk] = (await send('GET', '/api/cart', { token })).body.cart;
    expect(milk).toEqual(expect.objectContaining({ productTitle: 'Olpers Milk 1 Litre', price: 300 }));
    expect(milk).not.toHaveProperty('originalPrice');
    await database().db.update(products).set({ price: 290, discount: 10, name: 'Olpers Milk 1L' }).where(eq(products.id, 'milk-1l'));
  });

  it('merges: quantities are added, capped by stock; duplicates in one body are summed; unknown ids are skipped', async () => {
    const { token } = await shopper();
    await send('POST', '/api/cart', { token, body: { items: [line('milk-1l', 3), line('butter-200g', 2)] } });
    const reply = await send('POST', '/api/cart', {
      token,
      body: { items: [line('milk-1l', 4), line('no-such-product', 2), line('butter-200g', 1), line('atta-10kg', 1), line('butter-200g', 1), line('atta-10kg', 1), line('no-such-product', 1)] },
    });
    expect(reply.status).toBe(200);
    // milk 3 + 4; butter 2 + 1 + 1 capped at its 3 in stock; atta 1 + 1 capped at its 1.
    expect(quantities(reply.body.cart)).toEqual([
      ['milk-1l', 7],
      ['butter-200g', 3],
      ['atta-10kg', 1],
    ]);
    expect(reply.body.skipped).toEqual(['no-such-product']);
    expect(reply.body.capped).toEqual(['butter-200g', 'atta-10kg']);
  });

  it('a product out of stock keeps the line’s quantity, or 1 for a new line', async () => {
    const { token } = await shopper();
    const first = await send('POST', '/api/cart', { token, body: { items: [line('yoghurt-500g', 4), line('pepsi-1-5l', 1)] } });
    expect(quantities(first.body.cart)).toEqual([
      ['yoghurt-500g', 1],
      ['pepsi-1-5l', 1],
    ]);
    expect(first.body.capped).toEqual(['yoghurt-500g']);
    // A line from when it was in stock keeps its quantity; adding to it changes nothing.
    await database().db.update(products).set({ stock: 10 }).where(eq(products.id, 'dal-mash-1kg'));
    await send('POST', '/api/cart', { token, body: { items: [line('dal-mash-1kg', 5)] } });
    await database().db.update(products).set({ stock: 0 }).where(eq(products.id, 'dal-mash-1kg'));
    const again = await send('POST', '/api/cart', { token, body: { items: [line('dal-mash-1kg', 2)] } });
    expect(quantities(again.body.cart)).toContainEqual(['dal-mash-1kg', 5]);
    expect(again.body.capped).toEqual(['dal-mash-1kg']);
  });

  it('PUT /update sets a line (adding it when absent), capped by stock; an unknown product is a 404', async () => {
    const { token } = await shopper();
    expect(quantities((await send('PUT', '/api/cart/update', { token, body: line('eggs-12', 6) })).body.cart)).toEqual([['eggs-12', 6]]);
    expect(quantities((await send('PUT', '/api/cart/update', { token, body: line('eggs-12', 2) })).body.cart)).toEqual([['eggs-12', 2]]);
    const capped = await send('PUT', '/api/cart/update', { token, body: line('butter-200g', 9) });
    expect(capped.body).toMatchObject({ success: true, capped: ['butter-200g'] });
    expect(quantities(capped.body.cart)).toEqual([
      ['eggs-12', 2],
      ['butter-200g', 3],
    ]);
    const missing = await send('PUT', '/api/cart/update', { token, key: 'set-missing', body: line('no-such-product', 1) });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Product not found' });
    // The 404 rolled back the key's claim: once the product exists, the same key applies.
    await database().db.insert(products).values({ id: 'no-such-product', name: 'Late Arrival', categoryId: 'cupboard', price: 50, stock: 5 });
    const later = await send('PUT', '/api/cart/update', { token, key: 'set-missing', body: line('no-such-product', 1) });
    expect(later.status).toBe(200);
    expect(quantities(later.body.cart)).toContainEqual(['no-such-product', 1]);
    await database().db.delete(products).where(eq(products.id, 'no-such-product'));
  });

  it('DELETE /remove and /clear empty lines, and an absent line is still a 200', async () => {
    const { token } = await shopper();
    await send('POST', '/api/cart', { token, body: { items: [line('milk-1l', 1), line('eggs-12', 2)] } });
    const removed = await send('DELETE', '/api/cart/remove', { token, body: { productId: 'milk-1l' } });
    expect(quantities(removed.body.cart)).toEqual([['eggs-12', 2]]);
    expect((await send('DELETE', '/api/cart/remove', { token, body: { productId: 'milk-1l' } })).status).toBe(200);
    expect((await send('DELETE', '/api/cart/clear', { token })).body).toEqual({ success: true, cart: [] });
    expect((await send('DELETE', '/api/cart/clear', { token })).body).toEqual({ success: true, cart: [] });
  });

  it('an Idempotency-Key applies its change once: a replay changes nothing and replies 200 with the cart', async () => {
    const { token } = await shopper();
    const body = { items: [line('milk-1l', 2)] };
    const first = await send('POST', '/api/cart', { token, key: 'add-milk-1', body });
    const replay = await send('POST', '/api/cart', { token, key: 'add-milk-1', body });
    expect(first.body).not.toHaveProperty('replayed');
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ success: true, replayed: true, skipped: [], capped: [] });
    expect(quantities(replay.body.cart)).toEqual([['milk-1l', 2]]);
    // Keys are per shopper: another shopper's same key is theirs to apply.
    const other = await shopper();
    expect(quantities((await send('POST', '/api/cart', { token: other.token, key: 'add-milk-1', body })).body.cart)).toEqual([['milk-1l', 2]]);
    // Every change honours its key, removals and clears too.
    await send('DELETE', '/api/cart/clear', { token, key: 'clear-1' });
    await send('POST', '/api/cart', { token, body });
    expect((await send('DELETE', '/api/cart/clear', { token, key: 'clear-1' })).body).toMatchObject({ replayed: true, cart: [expect.objectContaining({ productId: 'milk-1l' })] });
    await send('PUT', '/api/cart/update', { token, key: 'set-1', body: line('milk-1l', 5) });
    await send('PUT', '/api/cart/update', { token, body: line('milk-1l', 1) });
    expect(quantities((await send('PUT', '/api/cart/update', { token, key: 'set-1', body: line('milk-1l', 5) })).body.cart)).toEqual([['milk-1l', 1]]);
  });

  it('keeps keys 30 days: a key from longer ago applies again', async () => {
    const { token } = await shopper();
    const body = { items: [line('eggs-12', 1)] };
    await send('POST', '/api/cart', { token, key: 'old-key', body });
    // The key is dated back (the session would not outlive a clock moved a month on).
    const claimedDaysAgo = (days: number) =>
      database().db.update(syncKeys).set({ createdAt: new Date(api().clock.now().getTime() - days * DAY) }).where(eq(syncKeys.key, 'old-key'));
    await claimedDaysAgo(29);
    expect((await send('POST', '/api/cart', { token, key: 'old-key', body })).body.replayed).toBe(true);
    await claimedDaysAgo(31);
    const again = await send('POST', '/api/cart', { token, key: 'old-key', body });
    expect(again.body).not.toHaveProperty('replayed');
    expect(quantities(again.body.cart)).toEqual([['eggs-12', 2]]);
  });

  it('two parallel adds of one product both count', async () => {
    const { token } = await shopper();
    const replies = await Promise.all(Array.from({ length: 6 }, () => send('POST', '/api/cart', { token, body: { items: [line('shan-biryani-50g', 3)] } })));
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(quantities((await send('GET', '/api/cart', { token })).body.cart)).toEqual([['shan-biryani-50g', 18]]);
    const pair = await Promise.all([1, 2].map(() => send('POST', '/api/cart', { token, body: { items: [line('tapal-danedar-950g', 2)] } })));
    expect(pair.map((r) => r.status)).toEqual([200, 200]);
    expect(quantities((await send('GET', '/api/cart', { token })).body.cart)).toContainEqual(['tapal-danedar-950g', 4]);
  });

  it('holds a line at the line cap however it is added (the sign-in merge too), like an order', async () => {
    const { token } = await shopper();
    const cap = lineQuantityCap();
    await send('POST', '/api/cart', { token, body: { items: [line('shan-biryani-50g', cap - 2), line('shan-biryani-50g', 5)] } });
    expect(quantities((await send('GET', '/api/cart', { token })).body.cart)).toEqual([['shan-biryani-50g', cap]]);
    await send('POST', '/api/cart', { token, body: { items: [line('shan-biryani-50g', 1)] } });
    expect(quantities((await send('GET', '/api/cart', { token })).body.cart)).toEqual([['shan-biryani-50g', cap]]);
    expect((await send('PUT', '/api/cart/update', { token, body: line('shan-biryani-50g', cap + 1) })).status).toBe(400);
  });

  it('20 parallel requests with one key apply once', async () => {
    const { token } = await shopper();
    const replies = await Promise.all(Array.from({ length: 20 }, () => send('POST', '/api/cart', { token, key: 'burst-1', body: { items: [line('eggs-12', 2)] } })));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(replies.filter((r) => r.body.replayed === true)).toHaveLength(19);
    expect(quantities((await send('GET', '/api/cart', { token })).body.cart)).toEqual([['eggs-12', 2]]);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(201)],
    ['with a space', 'two words'],
    ['with a tab', 'a\tb'],
  ])('an Idempotency-Key %s is a 400 and changes nothing', async (_, key) => {
    const { token } = await shopper();
    const reply = await send('POST', '/api/cart', { token, key, body: { items: [line('milk-1l', 1)] } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, message: SYNC_MESSAGES.idempotencyKey, errors: { 'Idempotency-Key': SYNC_MESSAGES.idempotencyKey } });
    expect((await send('GET', '/api/cart', { token })).body.cart).toEqual([]);
    expect((await send('POST', '/api/cart', { token, key: 'k'.repeat(200), body: { items: [line('milk-1l', 1)] } })).status).toBe(200);
  });

  it.each([
    ['POST', '/api/cart', { items: [] }, 'items', SYNC_MESSAGES.productId],
    ['POST', '/api/cart', { items: Array.from({ length: 101 }, (_, i) => line(`p-${i}`, 1)) }, 'items', SYNC_MESSAGES.lines],
    ['POST', '/api/cart', { items: [line('milk-1l', 0)] }, 'items.0.quantity', SYNC_MESSAGES.quantity],
    ['POST', '/api/cart', { items: [line('milk-1l', 21)] }, 'items.0.quantity', SYNC_MESSAGES.tooMany()],
    ['PUT', '/api/cart/update', line('milk-1l', 21), 'quantity', SYNC_MESSAGES.tooMany()],
    ['POST', '/api/cart', { items: [line('milk-1l', 1.5)] }, 'items.0.quantity', SYNC_MESSAGES.quantity],
    ['POST', '/api/cart', { items: [{ productId: 'milk-1l', quantity: '2' }] }, 'items.0.quantity', SYNC_MESSAGES.quantity],
    ['POST', '/api/cart', { items: [line('  ', 1)] }, 'items.0.productId', SYNC_MESSAGES.productId],
    ['POST', '/api/cart', { items: [line('milk\u00001l', 1)] }, 'items.0.productId', SYNC_MESSAGES.productId],
    ['POST', '/api/cart', { items: [line('milk\u001b1l', 1)] }, 'items.0.productId', SYNC_MESSAGES.productId],
    ['POST', '/api/cart', { items: [line('m'.repeat(201), 1)] }, 'items.0.productId', SYNC_MESSAGES.productId],
    ['POST', '/api/cart', { items: [{ quantity: 1 }] }, 'items.0.productId', SYNC_MESSAGES.productId],
    ['POST', '/api/cart', { items: [{ ...line('milk-1l', 1), price: 1 }] }, 'items.0.price', "Unknown field 'items.0.price'."],
    ['PUT', '/api/cart/update', line('milk-1l', 0), 'quantity', SYNC_MESSAGES.quantity],
    ['PUT', '/api/cart/update', { productId: 'milk-1l' }, 'quantity', SYNC_MESSAGES.quantity],
    ['PUT', '/api/cart/update', line('\u0000', 1), 'productId', SYNC_MESSAGES.productId],
    ['PUT', '/api/cart/update', line('x'.repeat(5000), 1), 'productId', SYNC_MESSAGES.productId],
    ['DELETE', '/api/cart/remove', { productId: '' }, 'productId', SYNC_MESSAGES.productId],
    ['DELETE', '/api/cart/remove', { productId: 'a\u007fb' }, 'productId', SYNC_MESSAGES.productId],
    ['DELETE', '/api/cart/remove', {}, 'productId', SYNC_MESSAGES.productId],
  ])('%s %s with %j is a 400 naming %s', async (method, path, body, field, message) => {
    const { token } = await shopper();
    const reply = await send(method, path, { token, body });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message, errors: { [field]: message } });
  });

  it('names a field the body should not have, beside the missing one', async () => {
    const { token } = await shopper();
    const reply = await send('POST', '/api/cart', { token, body: { productIds: ['milk-1l'] } });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, message: 'items is required.', errors: { items: 'items is required.', productIds: "Unknown field 'productIds'." } });
  });

  it('a body that is not a JSON object is a 400', async () => {
    const { token } = await shopper();
    for (const [method, path] of [['POST', '/api/cart'], ['PUT', '/api/cart/update'], ['DELETE', '/api/cart/remove']]) {
      for (const body of ['not json', '[]', 'null']) {
        const reply = await send(method, path, { token, body });
        expect(reply.status, `${method} ${path} ${body}`).toBe(400);
        expect(reply.body).toMatchObject({ success: false, message: 'The request body must be a JSON object.' });
      }
    }
  });

  it('a product deleted from the catalogue leaves every cart', async () => {
    const { token } = await shopper();
    await database().db.insert(products).values({ id: 'seasonal-mango', name: 'Mango Box', categoryId: 'fresh', price: 900, stock: 4 });
    await send('POST', '/api/cart', { token, body: { items: [line('seasonal-mango', 2), line('eggs-12', 1)] } });
    await database().db.delete(products).where(eq(products.id, 'seasonal-mango'));
    expect(quantities((await send('GET', '/api/cart', { token })).body.cart)).toEqual([['eggs-12', 1]]);
  });
});
