/**
 * Catalogue replies from memory, on each database: what is held, what a change drops, and (on
 * PostgreSQL) that a change made by another process reaches this one, also after the listening
 * connection was lost.
 *
 * A "silent" write below is one the database does not announce (its triggers are off for that
 * transaction): a reply that still shows the old value after it proves the reply came from memory.
 */
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import type { Json } from '#server/test/catalog-api.ts';
import { createPostgresDatabase, testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody } from '#server/test/orders.ts';
import { until } from '#server/test/until.ts';
import { MAX_LIVE_IDS } from '#lib/live-figures.ts';
import { CatalogueCache } from './cache.ts';

async function silently(db: Database, statement: ReturnType<typeof sql>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

describe.each(testDatabases)('catalogue replies from memory on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const mailer = createMailer({ from: 'Kiryana <no-reply@kiryana.pk>', log: () => {} });
  const app = () => createApp({ db: database().db, kind: database().kind, mailer, logError: () => {} });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await app().request(path, { headers });
    return { res, body: res.status === 304 ? undefined : ((await res.json()) as Json) };
  };
  const live = async (ids: string) => (await get(`/api/products/live?ids=${ids}`)).body!.data as { _id: string; price: number; stock: number }[];
  const ready = () => app().catalogue.ready;

  it('serves a product from memory until the database announces a change to it', async () => {
    await ready();
    const before = await get('/api/products/eggs-12');
    expect(before.body!.data.stock).toBe(100);
    await silently(database().db, sql`update products set stock = 7 where id = 'eggs-12'`);
    const held = await get('/api/products/eggs-12');
    expect(held.body!.data.stock).toBe(100);
    expect(held.res.headers.get('etag')).toBe(before.res.headers.get('etag'));
    await database().db.execute(sql`update products set stock = 99 where id = 'eggs-12'`);
    const after = await until(() => get('/api/products/eggs-12'), (r) => r.body!.data.stock === 99);
    expect(after.body!.data.stock).toBe(99);
    expect(after.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'));
  });

  it("a stock change reads again only the replies showing that product; a catalogue change, every reply", async () => {
    await ready();
    expect((await live('milk-1l'))[0].price).toBe(290);
    expect((await live('atta-10kg'))[0].price).toBe(1800);
    await silently(database().db, sql`update products set price = price + 1 where id in ('milk-1l', 'atta-10kg')`);
    await database().db.execute(sql`update products set stock = stock - 1 where id = 'milk-1l'`);
    expect((await until(() => live('milk-1l'), (r) => r[0].price === 291))[0]).toMatchObject({ price: 291, stock: 39 });
    expect((await live('atta-10kg'))[0].price).toBe(1800);
    await database().db.execute(sql`update categories set description = 'Changed' where id = 'pets'`);
    expect((await until(() => live('atta-10kg'), (r) => r[0].price === 1801))[0].price).toBe(1801);
    await database().db.execute(sql`update products set price = price - 1 where id in ('milk-1l', 'atta-10kg')`);
  });

  it('a product taken off sale leaves every reply held: its own (404), the live figures, the lists and the counts', async () => {
    await ready();
    expect((await get('/api/products/cheese-slices')).res.status).toBe(200);
    expect((await live('cheese-slices,milk-1l')).map((p) => p._id)).toEqual(['cheese-slices', 'milk-1l']);
    const listed = async () => ((await get('/api/products?q=adams')).body!.data.products as { _id: string }[]).map((p) => p._id);
    expect([...(await listed())].sort()).toEqual(['butter-200g', 'cheese-slices']);
    const fresh = async () => ((await get('/api/category')).body!.data as { _id: string; productCount: number }[]).find((c) => c._id === 'fresh')!.productCount;
    expect(await fresh()).toBe(5);
    // Written by another process: only the database's announcement tells this one.
    await database().db.execute(sql`update products set on_sale = false where id = 'cheese-slices'`);
    expect((await until(() => get('/api/products/cheese-slices'), (r) => r.res.status === 404)).res.status).toBe(404);
    // A reply read afresh may show the change before the announcement has reached every held one.
    expect((await until(() => live('cheese-slices,milk-1l'), (r) => r.length === 1)).map((p) => p._id)).toEqual(['milk-1l']);
    expect(await until(listed, (ids) => ids.length === 1)).toEqual(['butter-200g']);
    expect(await until(fresh, (n) => n === 4)).toBe(4);
    await database().db.execute(sql`update products set on_sale = true where id = 'cheese-slices'`);
    expect((await until(() => get('/api/products/cheese-slices'), (r) => r.res.status === 200)).res.status).toBe(200);
  });

  it('a product going out of stock reorders the related products held in other replies', async () => {
    await ready();
    // milk's related products are the other fresh ones, in-stock first.
    const related = async () => ((await get('/api/products/milk-1l')).body!.data.relatedProducts as { _id: string }[]).map((p) => p._id);
    const first = await related();
    expect(first[0]).not.toBe('yoghurt-500g');
    const top = first[0];
    const stock = (await live(top))[0].stock;
    await database().db.execute(sql`update products set stock = 0 where id = ${top}`);
    const after = await until(related, (ids) => ids[0] !== top);
    expect(after[0]).not.toBe(top);
    await database().db.execute(sql`update products set stock = ${stock} where id = ${top}`);
  });

  it('answers 304 to an ETag it holds, and gzip to a client that takes it', async () => {
    const first = await get('/api/products?limit=12');
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/api/products?limit=12', { 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect(again.res.headers.get('cache-control')).toBe(first.res.headers.get('cache-control'));
    const zipped = await app().request('/api/products?limit=12', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString())).toEqual(first.body);
    const refused = await app().request('/api/products?limit=12', { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('GET /api/products/live: the figures of the products it knows, in the order asked, briefly cacheable', async () => {
    const { res, body } = await get('/api/products/live?ids=atta-10kg,nope,milk-1l,atta-10kg');
    expect(res.status).toBe(200);
    expect(body!.data).toEqual([
      { _id: 'atta-10kg', price: 1800, discount: 0, stock: 1 },
      { _id: 'milk-1l', price: 290, discount: 10, stock: expect.any(Number) },
    ]);
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
    // The same ids asked again (their check is then remembered) give the same figures.
    expect((await get('/api/products/live?ids=atta-10kg,nope,milk-1l,atta-10kg')).body!.data).toEqual(body!.data);
    // Each refusal twice: a refused text is never remembered as good.
    for (const [query, words] of [
      ['ids=', 'must name at least one product'],
      ['ids=,,', 'must name at least one product'],
      [`ids=${Array.from({ length: MAX_LIVE_IDS + 1 }, (_, i) => `p${i}`).join(',')}`, `must name at most ${MAX_LIVE_IDS} products`],
      ['ids=a%00b', 'must be product ids separated by commas'],
      ['ids=a&sort=1', 'is not a parameter of this endpoint'],
    ].flatMap((refusal) => [refusal, refusal])) {
      const refused = await get(`/api/products/live?${query}`);
      expect(refused.res.status, query).toBe(400);
      expect(Object.values(refused.body!.errors ?? {}).join(' '), query).toContain(words);
    }
  });

  it('shows a placed order in the very next read of this process', async () => {
    await ready();
    const before = (await live('shan-biryani-50g'))[0].stock;
    const res = await app().request('/api/order/place', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(orderBody([{ productId: 'shan-biryani-50g', quantity: 2, price: 120 }])),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await live('shan-biryani-50g'))[0].stock).toBe(before - 2);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('catalogue replies across processes on PostgreSQL', () => {
  it("a change made through another connection reaches this process's memory; a lost listener reads from the database until it is back", async () => {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    const here = await openDatabase({ url: created.url });
    const there = await openDatabase({ url: created.url });
    try {
      await seedIfEmpty(here.db, fixtureCatalogue);
      const app = createApp({ db: here.db, kind: 'postgres', logError: () => {} });
      await app.catalogue.ready;
      const stock = async () => ((await (await app.request('/api/products/live?ids=eggs-12')).json()) as Json).data[0].stock as number;
      expect(await stock()).toBe(100);
      await there.db.execute(sql`update products set stock = 90 where id = 'eggs-12'`);
      expect(await until(stock, (n) => n === 90)).toBe(90);

      // The listening connection is cut: until it is back nothing is served from memory.
      await there.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`);
      await until(async () => app.catalogue.stats().listening, (listening) => !listening);
      await silently(there.db, sql`update products set stock = 80 where id = 'eggs-12'`);
      expect(await stock()).toBe(80);
      expect(await until(async () => app.catalogue.stats().listening, Boolean)).toBe(true);
      await stock();
      expect(app.catalogue.stats().entries).toBeGreaterThan(0);
      await there.db.execute(sql`update products set stock = 70 where id = 'eggs-12'`);
      expect(await until(stock, (n) => n === 70)).toBe(70);
    } finally {
      await here.close();
      await there.close();
      await created.drop();
    }
  });
});

describe('catalogue cache memory', () => {
  it('keeps at most its bytes however many different requests come (a flood of made-up searches), dropping the oldest', async () => {
    const cache = new CatalogueCache({ maxBytes: 20_000 });
    await cache.start(async () => async () => {});
    const load = (i: number) => async () => ({ data: { q: `term ${i}`, filler: 'x'.repeat(500) }, productIds: [] });
    for (let i = 0; i < 500; i++) await cache.reply(`list ${i}`, load(i));
    const { entries, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(20_000);
    expect(entries).toBeGreaterThan(10);
    let reloaded = false;
    await cache.reply('list 0', async () => ((reloaded = true), { data: {}, productIds: [] }));
    expect(reloaded).toBe(true);
    let held = true;
    await cache.reply('list 499', async () => ((held = false), { data: {}, productIds: [] }));
    expect(held).toBe(true);
  });
});
