/**
 * A product taken off sale (products.on_sale false) is, to the shop, a product that no longer
 * exists: not listed, not found by search, not counted in its category, not related to others, a
 * 404 on its own, missing from the live figures, dropped from signed-in carts and wishlists, and
 * refused by reviews and placement exactly as an unknown id. The orders that name it keep their
 * lines, on the shopper's order page and on the order desk. Putting it back on sale restores all.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import { createDesk } from '#server/desk/service.ts';
import { useAccountsApi, TEST_SITE_URL } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { listCaller } from '#server/test/lists.ts';
import { orderBody, placeOrderCall } from '#server/test/orders.ts';

/** Adams Butter 200g, Fresh & Chilled Food: 650 less 100, 3 in stock. */
const BUTTER = 'butter-200g';
const butter = (quantity = 1) => ({ productId: BUTTER, quantity, price: 550 });
const milk = (quantity = 1) => ({ productId: 'milk-1l', quantity, price: 280 });
const ids = (list: { _id: string }[]) => list.map((p) => p._id);

describe.each(testDatabases)('a product off sale on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database);
  const send = listCaller(api);
  const get = async (path: string) => (await api().call('GET', path)).body;

  /** What an editor's change does: the row written, and this process's replies dropped at once. */
  async function setOnSale(id: string, onSale: boolean) {
    await database().db.update(products).set({ onSale, updatedAt: new Date() }).where(eq(products.id, id));
    api().app.catalogue.catalogueChanged();
  }
  afterEach(() => setOnSale(BUTTER, true));

  it('leaves the list, the search, its category count and the related products, and is a 404 on its own', async () => {
    const freshCount = async () => ((await get('/api/category')).data as { _id: string; productCount: number }[]).find((c) => c._id === 'fresh')!.productCount;
    expect(ids((await get('/api/products?limit=100')).data.products)).toContain(BUTTER);
    expect(ids((await get('/api/products?q=butter')).data.products)).toEqual([BUTTER]);
    expect(await freshCount()).toBe(5);
    expect(ids((await get('/api/products/milk-1l')).data.relatedProducts)).toContain(BUTTER);

    await setOnSale(BUTTER, false);
    const all = (await get('/api/products?limit=100')).data;
    expect(ids(all.products)).not.toContain(BUTTER);
    expect(all.pagination.total).toBe(fixtureCatalogue.products.length - 1);
    expect(ids((await get('/api/categories/fresh/products?limit=100')).data.products)).not.toContain(BUTTER);
    expect(await get('/api/products?q=butter')).toMatchObject({ data: { products: [], pagination: { total: 0 } } });
    expect(ids((await get('/api/products?q=adams')).data.products)).toEqual(['cheese-slices']);
    expect(await freshCount()).toBe(4);
    expect(ids((await get('/api/products/milk-1l')).data.relatedProducts)).not.toContain(BUTTER);
    for (const path of [`/api/products/${BUTTER}`, `/api/products/${BUTTER}/related`]) {
      const reply = await api().call('GET', path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toEqual({ success: false, message: 'Product not found' });
    }

    await setOnSale(BUTTER, true);
    expect((await api().call('GET', `/api/products/${BUTTER}`)).status).toBe(200);
    expect(await freshCount()).toBe(5);
  });

  it('is missing from the live figures, as an unknown id is', async () => {
    expect(ids((await get(`/api/products/live?ids=milk-1l,${BUTTER},no-such-product`)).data)).toEqual(['milk-1l', BUTTER]);
    await setOnSale(BUTTER, false);
    expect(ids((await get(`/api/products/live?ids=milk-1l,${BUTTER},no-such-product`)).data)).toEqual(['milk-1l']);
  });

  it('drops out of signed-in carts and wishlists, and cannot be added to them', async () => {
    const { token } = await api().signUp();
    await send('POST', '/api/cart', { token, body: { items: [{ productId: 'milk-1l', quantity: 1 }, { productId: BUTTER, quantity: 2 }] } });
    await send('POST', '/api/wishlist', { token, body: { productIds: [BUTTER, 'milk-1l'] } });

    await setOnSale(BUTTER, false);
    expect((await send('GET', '/api/cart', { token })).body.cart.map((l: { productId: string }) => l.productId)).toEqual(['milk-1l']);
    expect(ids((await send('GET', '/api/wishlist', { token })).body.wishlist)).toEqual(['milk-1l']);
    const added = await send('POST', '/api/cart', { token, body: { items: [{ productId: BUTTER, quantity: 1 }] } });
    expect(added.body).toMatchObject({ success: true, skipped: [BUTTER] });
    const set = await send('PUT', '/api/cart/update', { token, body: { productId: BUTTER, quantity: 1 } });
    expect(set.status).toBe(404);
    expect((await send('POST', '/api/wishlist', { token, body: { productIds: [BUTTER] } })).body).toMatchObject({ success: true, skipped: [BUTTER] });

    // Back on sale, the shopper's lines are there again as they were.
    await setOnSale(BUTTER, true);
    expect((await send('GET', '/api/cart', { token })).body.cart.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity])).toEqual([
      ['milk-1l', 1],
      [BUTTER, 2],
    ]);
  });

  it('takes no reviews: a 404 like an unknown product, nothing counted', async () => {
    const { userId, token } = await api().signUp();
    await setOnSale(BUTTER, false);
    const reply = await api().call('POST', `/api/users/${userId}/review`, { productId: BUTTER, rating: 5, comment: 'Creamy.' }, token);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: 'Product not found' });
    const [row] = await database().db.select({ numRatings: products.numRatings }).from(products).where(eq(products.id, BUTTER));
    expect(row.numRatings).toBe(2);
  });

  it('cannot be ordered: refused as a product no longer sold, nothing taken', async () => {
    await setOnSale(BUTTER, false);
    const reply = await placeOrderCall(api(), orderBody([milk(), butter()]));
    expect(reply.status).toBe(409);
    expect(reply.body.conflicts).toEqual([{ productId: BUTTER, name: BUTTER, reason: 'unavailable', requestedPrice: 550, requestedQuantity: 1 }]);
    const unknown = await placeOrderCall(api(), orderBody([milk(), { productId: 'no-such-product', quantity: 1, price: 550 }]));
    expect(unknown.body.message).toBe(reply.body.message);
    const [row] = await database().db.select({ stock: products.stock }).from(products).where(eq(products.id, BUTTER));
    expect(row.stock).toBe(3);
  });

  it('stays in the orders that name it: the shopper’s order page and the order desk show its line', async () => {
    const { token } = await api().signUp();
    const placed = await placeOrderCall(api(), orderBody([milk(), butter(2)]), { token });
    expect(placed.status).toBe(201);
    await setOnSale(BUTTER, false);
    const status = await api().call('GET', `/api/order/order-status/${placed.body.orderNumber}`, undefined, token);
    expect(status.status).toBe(200);
    expect(status.body.order.items).toContainEqual(expect.objectContaining({ productId: BUTTER, name: 'Adams Butter 200g', quantity: 2, lineTotal: 1100 }));
    const desk = createDesk({ db: database().db, clock: api().clock, mailer: api().mailer, siteUrl: TEST_SITE_URL, logError: () => {} });
    const detail = await desk.detail(placed.body.orderNumber);
    // The line stays; only the link to the product's page, which is gone, is left out.
    expect(detail.items.map((l) => [l.productId, l.name, l.quantity, l.productUrl])).toEqual([
      ['milk-1l', 'Olpers Milk 1L', 1, '/product/milk-1l/'],
      [BUTTER, 'Adams Butter 200g', 2, null],
    ]);
  });
});
