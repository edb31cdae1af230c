/**
 * The signed-in wishlist API (contract in src/lib/schemas/sync.ts): ownership, adding (known
 * products once each, unknown ids skipped), today's figures, Idempotency-Keys, concurrency and the
 * contract's 400s.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '#lib/images.ts';
import { SYNC_MESSAGES } from '#lib/schemas/sync.ts';
import { products } from '#server/db/schema.ts';
import { useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { expectEachNeedsSignIn, listCaller } from '#server/test/lists.ts';

const ids = (wishlist: { _id: string }[]) => wishlist.map((w) => w._id);

describe.each(testDatabases)('wishlist API on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);
  const send = listCaller(api);
  const shopper = () => api().signUp();

  it('needs a valid token on every route', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', '/api/wishlist', undefined],
      ['POST', '/api/wishlist', { productIds: ['milk-1l'] }],
      ['DELETE', '/api/wishlist/remove/milk-1l', undefined],
      ['DELETE', '/api/wishlist/clear', undefined],
    ];
    await expectEachNeedsSignIn(send, calls, [undefined, 'A'.repeat(43)]);
  });

  it('keeps each shopper to their own wishlist', async () => {
    const a = await shopper();
    const b = await shopper();
    await send('POST', '/api/wishlist', { token: a.token, body: { productIds: ['milk-1l', 'eggs-12'] } });
    expect((await send('GET', '/api/wishlist', { token: b.token })).body).toEqual({ success: true, wishlist: [] });
    await send('DELETE', '/api/wishlist/remove/milk-1l', { token: b.token });
    await send('DELETE', '/api/wishlist/clear', { token: b.token });
    expect(ids((await send('GET', '/api/wishlist', { token: a.token })).body.wishlist)).toEqual(['milk-1l', 'eggs-12']);
  });

  it('adds known products once each, in the order sent, skipping unknown ids, with today’s figures', async () => {
    const { token } = await shopper();
    await send('POST', '/api/wishlist', { token, body: { productIds: ['zzz-last'] } });
    const reply = await send('POST', '/api/wishlist', { token, body: { productIds: ['pepsi-1-5l', 'ghost', 'milk-1l', 'zzz-last', 'pepsi-1-5l', 'ghost'] } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body.skipped).toEqual(['ghost']);
    expect(reply.body.wishlist).toEqual([
      { _id: 'zzz-last', name: 'Zinger Sauce', price: 300, discount: 0, image: PLACEHOLDER_IMAGE, stock: 9 },
      { _id: 'pepsi-1-5l', name: 'Pepsi 1.5L', price: 180, discount: 0, image: PLACEHOLDER_IMAGE, stock: 0 },
      { _id: 'milk-1l', name: 'Olpers Milk 1L', price: 290, discount: 10, image: '/images/products/milk-1l.webp', stock: 40 },
    ]);
    await database().db.update(products).set({ stock: 7 }).where(eq(products.id, 'pepsi-1-5l'));
    expect((await send('GET', '/api/wishlist', { token })).body.wishlist[1]).toMatchObject({ _id: 'pepsi-1-5l', stock: 7 });
    await database().db.update(products).set({ stock: 0 }).where(eq(products.id, 'pepsi-1-5l'));
  });

  it('removes one product or all; removing an absent one is still a 200', async () => {
    const { token } = await shopper();
    await send('POST', '/api/wishlist', { token, body: { productIds: ['milk-1l', 'eggs-12'] } });
    expect(ids((await send('DELETE', '/api/wishlist/remove/milk-1l', { token })).body.wishlist)).toEqual(['eggs-12']);
    const absent = await send('DELETE', '/api/wishlist/remove/milk-1l', { token });
    expect(absent.status).toBe(200);
    expect((await send('DELETE', '/api/wishlist/remove/never-was', { token })).status).toBe(200);
    expect((await send('DELETE', '/api/wishlist/clear', { token })).body).toEqual({ success: true, wishlist: [] });
  });

  it('an Idempotency-Key applies its change once; 20 parallel requests with one key apply once', async () => {
    const { token } = await shopper();
    await send('POST', '/api/wishlist', { token, key: 'add-1', body: { productIds: ['milk-1l'] } });
    await send('DELETE', '/api/wishlist/remove/milk-1l', { token });
    const replay = await send('POST', '/api/wishlist', { token, key: 'add-1', body: { productIds: ['milk-1l'] } });
    expect(replay.body).toEqual({ success: true, replayed: true, wishlist: [], skipped: [] });

    await send('POST', '/api/wishlist', { token, body: { productIds: ['eggs-12'] } });
    const burst = await Promise.all(Array.from({ length: 20 }, () => send('DELETE', '/api/wishlist/clear', { token, key: 'clear-burst' })));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(burst.filter((r) => r.body.replayed === true)).toHaveLength(19);
    await send('POST', '/api/wishlist', { token, body: { productIds: ['tapal-danedar-950g'] } });
    expect((await send('DELETE', '/api/wishlist/clear', { token, key: 'clear-burst' })).body.wishlist).toHaveLength(1);
  });

  it('parallel adds of different products all land', async () => {
    const { token } = await shopper();
    const all = fixtureCatalogue.products.map((p) => p._id);
    await Promise.all(all.map((id) => send('POST', '/api/wishlist', { token, body: { productIds: [id] } })));
    expect(new Set(ids((await send('GET', '/api/wishlist', { token })).body.wishlist))).toEqual(new Set(all));
  });

  it.each([
    [{ productIds: [] }, 'productIds', SYNC_MESSAGES.productId],
    [{ productIds: Array.from({ length: 101 }, (_, i) => `p-${i}`) }, 'productIds', SYNC_MESSAGES.lines],
    [{ productIds: [''] }, 'productIds.0', SYNC_MESSAGES.productId],
    [{ productIds: ['milk\u00001l'] }, 'productIds.0', SYNC_MESSAGES.productId],
    [{ productIds: ['x'.repeat(201)] }, 'productIds.0', SYNC_MESSAGES.productId],
    [{ productIds: [42] }, 'productIds.0', SYNC_MESSAGES.productId],
    [{ productIds: 'milk-1l' }, 'productIds', 'productIds must be a list.'],
    [{ productIds: ['milk-1l'], note: 'x' }, 'note', "Unknown field 'note'."],
  ])('POST /api/wishlist with %j is a 400 naming %s', async (body, field, message) => {
    const { token } = await shopper();
    const reply = await send('POST', '/api/wishlist', { token, body });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, errors: { [field]: message } });
  });

  it.each([
    ['/api/wishlist/remove/milk%001l', "Invalid path parameter 'productId': must not contain control characters"],
    ['/api/wishlist/remove/%1B', "Invalid path parameter 'productId': must not contain control characters"],
    [`/api/wishlist/remove/${'x'.repeat(201)}`, "Invalid path parameter 'productId': must be at most 200 characters"],
  ])('DELETE %s is a 400', async (path, message) => {
    const { token } = await shopper();
    const reply = await send('DELETE', path, { token });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message });
  });

  it('a bad Idempotency-Key is a 400 and changes nothing', async () => {
    const { token } = await shopper();
    const reply = await send('POST', '/api/wishlist', { token, key: 'k'.repeat(201), body: { productIds: ['milk-1l'] } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: SYNC_MESSAGES.idempotencyKey });
    expect((await send('GET', '/api/wishlist', { token })).body.wishlist).toEqual([]);
  });
});
