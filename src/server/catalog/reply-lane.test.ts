/**
 * Catalogue reads answered before routing (reply-lane.ts), on each database: a learned target gets
 * byte for byte the reply the route gives, only GETs without an Origin take the lane, what the
 * route refused or did not find is never learned, a change sends the next read through the route,
 * and the targets learned stay bounded.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { until } from '#server/test/until.ts';
import { CatalogueCache } from './cache.ts';
import { targetOf } from './reply-lane.ts';

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A reply's status, headers and bytes; its request's own id aside (each request has one of its own). */
async function seen(res: Response): Promise<Seen> {
  const headers: Record<string, string> = {};
  expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  res.headers.forEach((value, name) => {
    if (name !== 'x-request-id') headers[name] = value;
  });
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
}

describe.each(testDatabases)('catalogue reads answered before routing on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const mailer = createMailer({ from: 'Kiryana <no-reply@kiryana.pk>', log: () => {} });
  const app = () => createApp({ db: database().db, kind: database().kind, mailer, logError: () => {}, corsOrigins: ['https://kiryana.pk'] });
  const early = () => app().catalogue.stats().early;
  const request = async (path: string, init: RequestInit = {}) => seen(await app().request(path, init));
  /** Asks `path` until the route has answered it once (a change may have dropped its entry meanwhile). */
  const learned = async (path: string) => {
    await app().catalogue.ready;
    await request(path);
  };

  it('a learned target gets the very reply the route gives: status, every header, every byte', async () => {
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    const cases: [string, Record<string, string>][] = [
      ['/api/products?limit=12&sortBy=rating', gzip],
      ['/api/products?sortBy=rating&limit=12', {}],
      ['/api/products?q=milk', {}],
      ['/api/products/eggs-12', gzip],
      ['/api/products/live?ids=milk-1l,atta-10kg', {}],
      ['/api/category', {}],
      ['/api/categories/fresh/products?limit=5', gzip],
    ];
    for (const [path, headers] of cases) {
      await app().catalogue.ready;
      const before = early();
      const routed = await request(path, { headers });
      expect(early(), path).toBe(before);
      const answered = await request(path, { headers });
      expect(early(), `${path} the second time`).toBe(before + 1);
      expect(answered, path).toEqual(routed);
      expect(answered.status).toBe(200);
      expect(answered.headers['x-content-type-options']).toBe('nosniff');
      // The ETag the client now holds: a 304 without a body, as the route gives it, also for `*`.
      for (const held of [answered.headers.etag, `"other", ${answered.headers.etag}`, '*']) {
        const notModified = await request(path, { headers: { ...headers, 'if-none-match': held } });
        expect(notModified.status, `${path} ${held}`).toBe(304);
        expect(notModified.body).toBe('');
        expect(notModified.headers.etag).toBe(answered.headers.etag);
      }
      expect(early()).toBe(before + 4);
    }
  });

  it('a request with an Origin, a HEAD or another method goes through the app (CORS and all)', async () => {
    const path = '/api/products/milk-1l';
    await learned(path);
    const before = early();
    const allowed = await request(path, { headers: { origin: 'https://kiryana.pk' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://kiryana.pk');
    const foreign = await request(path, { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const head = await app().request(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await request(path, { method: 'POST' })).status).toBe(404);
    expect(early()).toBe(before);
  });

  it('what the route refused or did not find is never learned: each time it is refused again', async () => {
    await app().catalogue.ready;
    const before = early();
    for (const path of ['/api/products?limit=0', '/api/products?sortBy=nonsense', '/api/products/live?ids=', '/api/products/no-such-product', '/api/categories/nope/products']) {
      const first = await request(path);
      expect(first.status, path).toBeGreaterThanOrEqual(400);
      expect(await request(path), path).toEqual(first);
    }
    expect(early()).toBe(before);
  });

  it('after a change the next read goes through the route and shows it, then is answered early again', async () => {
    const path = '/api/products/eggs-12';
    const stock = async () => ((await (await app().request(path)).json()) as { data: { stock: number } }).data.stock;
    await learned(path);
    const held = await stock();
    await database().db.execute(sql`update products set stock = ${held - 3} where id = 'eggs-12'`);
    expect(await until(stock, (now) => now === held - 3)).toBe(held - 3);
    const before = early();
    expect(await stock()).toBe(held - 3);
    expect(early()).toBe(before + 1);
    await database().db.execute(sql`update products set stock = ${held} where id = 'eggs-12'`);
  });
});

describe('the targets a cache learns', () => {
  it('are bounded however many distinct queries come, and a long one is not learned', async () => {
    const cache = new CatalogueCache();
    await cache.start(async () => async () => {});
    await cache.reply('list', async () => ({ data: { products: [] }, productIds: [] }));
    for (let i = 0; i < 10_000; i++) cache.learn(`/api/products?q=${i}`, 'list', 'public, max-age=60');
    expect(cache.stats().targets).toBeLessThanOrEqual(4096);
    const long = `/api/products?q=${'x'.repeat(3000)}`;
    cache.learn(long, 'list', 'public, max-age=60');
    expect(cache.known(long)).toBeUndefined();
    expect(cache.known('/api/products?q=9999')?.cacheControl).toBe('public, max-age=60');
  });

  it('are what the client sent after the host', () => {
    expect(targetOf('http://127.0.0.1:4321/api/products?limit=12&q=a%20b')).toBe('/api/products?limit=12&q=a%20b');
    expect(targetOf('https://shop.example/api/products/eggs-12')).toBe('/api/products/eggs-12');
    expect(targetOf('http://localhost')).toBe('/');
  });
});
