/**
 * The whole API as an attacker meets it: fast-check sends hostile bodies, headers, paths and
 * methods to every route the app declares (read from the app, so a new route is covered without
 * editing this file), anonymously, with junk tokens and as a signed-in shopper. Every reply is
 * below 500, a refusal is JSON with a message, and a refused request changes no data (a digest of
 * every table but the limits' counters, before and after). The static site gets hostile paths and
 * never serves a file outside its folder. On PGlite and PostgreSQL; each run logs its counts.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { startSession } from '#server/auth/sessions.ts';
import { users } from '#server/db/schema.ts';
import type { Database } from '#server/db/client.ts';
import { staticHandler } from './static.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue, fixtureProducts } from '#server/test/fixtures.ts';
import { newClientAddress } from '#server/test/accounts.ts';
import { useStaffApi } from '#server/test/staff.ts';

/** A digest of every table's rows but the per-client limits' counters (which count refusals too). */
async function digest(db: Database): Promise<string> {
  const tables = ((await db.execute(sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limits' order by tablename`)) as unknown as { rows: { tablename: string }[] }).rows;
  const parts: string[] = [];
  for (const { tablename } of tables) {
    const [row] = ((await db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${tablename}" t`))) as unknown as { rows: { h: string }[] }).rows;
    parts.push(`${tablename}:${row.h}`);
  }
  return parts.join(',');
}

const INHERITED = Object.getOwnPropertyNames(Object.prototype);
const FIELDS = ['email', 'password', 'name', 'phone', 'userId', 'verificationCode', 'productId', 'productIds', 'quantity', 'items', 'rating', 'comment', 'userName', 'totalAmount', 'paymentMethod', 'shippingAddress', 'contactNumber', 'guestInfo', 'currentPassword', 'newPassword', 'confirmPassword', '__proto__', ...INHERITED];

/** Values as an attacker writes them: wrong types, extremes, control characters, huge text. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '%00', '../../etc/passwd', "' or 1=1 --", '<script>alert(1)</script>', '1e308', 'NaN', '-0', 'KR-AAAA-BBBB', 'temp_1'),
  fc.constantFrom(0, -1, -0, 1e308, -1e308, 2 ** 53, 0.5, 1001, 21, 51, Number.MAX_SAFE_INTEGER, 190.5, 2147483648, -2147483649, 5e-324, 1_000_001),
  fc.constantFrom(null, true, false, [], {}, [[[[[]]]]], { $gt: '' }),
  fc.integer({ min: 1000, max: 16_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(...fixtureProducts.map((p) => p._id)),
);

/** Bodies: well-shaped objects with hostile fields, arrays where objects belong, deep nesting, bytes. */
const body: fc.Arbitrary<string | ArrayBuffer | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }).map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: fc.array(fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 3 }), { maxLength: 60 }).map((items) => JSON.stringify({ items, productIds: items.map((i) => i.productId) })) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.integer({ min: 30, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => new Uint8Array(bytes).buffer) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, '', 'null', '{', '{"a":', 'undefined', '[]', '"text"') },
);

/** Visible ASCII only: a header value with a control character never leaves a client. */
const headerText = fc.stringMatching(/^[\x20-\x7e]{0,300}$/);
const headers = (token: string) =>
  fc.record(
    {
      'Content-Type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16'),
      Authorization: fc.oneof(fc.constant(`Bearer ${token}`), headerText.map((t) => `Bearer ${t}`), headerText, fc.constant(`Bearer ${'A'.repeat(43)}`), fc.constant('Basic YTpi')),
      'Idempotency-Key': fc.oneof(headerText, fc.uuid()),
      'X-Forwarded-For': headerText,
      Origin: fc.oneof(headerText, fc.constant('https://evil.example'), fc.constant('null')),
      'Accept-Encoding': fc.constantFrom('gzip', 'br', 'identity', '*', 'x;q=2'),
    },
    { requiredKeys: [] },
  );

/** A path segment: ids, the shopper's own id, hostile text percent-encoded, traversal, very long. */
const segment = (own: string) =>
  fc.oneof(
    fc.constantFrom(own, own.toUpperCase(), ...fixtureProducts.slice(0, 3).map((p) => p._id), 'KR-AAAA-BBBB', 'temp_x', '%2e%2e', '..%2f..%2fetc', '%00', '%E0%A4%A', '%25%30%30'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map((s) => encodeURIComponent(s)),
    fc.integer({ min: 150, max: 3000 }).map((n) => 'a'.repeat(n)),
  );

describe.each(testDatabases)('hostile requests to every route on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);

  it('never answer 500 or above, always refuse in words, and a refusal changes no data', async () => {
    const { db, kind } = database();
    const app = createApp({ db, kind, logError: () => {}, paceRefusal: async () => {} });
    const now = new Date();
    const [user] = await db.insert(users).values({ name: 'Fuzz', email: `fuzz.${kind}@example.pk`, passwordHash: 'unused', verifiedAt: now }).returning();
    const token = await startSession(db, user.id, now);

    const routes = [...new Map(app.routes.filter((r) => ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method) && !r.path.includes('*') && !r.path.startsWith('/api/operator')).map((r) => [`${r.method} ${r.path}`, r])).values()];
    expect(routes.length).toBeGreaterThan(25);

    let tried = 0;
    let serverErrors = 0;
    const request = fc.record({
      route: fc.constantFrom(...routes),
      method: fc.option(fc.constantFrom('PATCH', 'OPTIONS', 'HEAD', 'GET', 'POST'), { freq: 5 }),
      segments: fc.array(segment(user.id), { minLength: 2, maxLength: 2 }),
      query: fc.option(fc.array(fc.tuple(fc.constantFrom('q', 'page', 'limit', 'ids', 'productId', 'valueOf', '__proto__', 'timestamp'), fc.string({ maxLength: 20 }).map(encodeURIComponent)), { maxLength: 3 })),
      headers: headers(token),
      body,
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, method, segments, query, headers: sent, body: payload }) => {
        let i = 0;
        const path = route.path.replace(/:[A-Za-z]+/g, () => segments[i++]) + (query?.length ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : '');
        const verb = method ?? route.method;
        const before = await digest(db);
        const res = await app.request(path, { method: verb, headers: sent, body: verb === 'GET' || verb === 'HEAD' ? undefined : payload });
        tried++;
        if (res.status >= 500) serverErrors++;
        const raw = Buffer.from(await res.arrayBuffer());
        const encoding = res.headers.get('content-encoding');
        // A HEAD reply names the encoding its GET would have, with no body to decode.
        const text = verb === 'HEAD' ? '' : (encoding === 'gzip' ? gunzipSync(raw) : encoding === 'br' ? brotliDecompressSync(raw) : raw).toString('utf8');
        const label = `${verb} ${path} ${JSON.stringify(sent)} ${typeof payload === 'string' ? payload.slice(0, 200) : payload ? `${payload.byteLength} bytes` : 'no body'}`;
        expect(res.status, label).toBeLessThan(500);
        if (res.status >= 400 && verb !== 'HEAD') {
          const reply = JSON.parse(text) as { success: boolean; message?: string };
          expect(reply.success, label).toBe(false);
          expect(reply.message, label).toMatch(/\S/);
          expect(await digest(db), label).toBe(before);
        }
      }),
      { numRuns: 400 },
    );
    console.log(`fuzz on ${kind}: ${tried} requests to ${routes.length} routes, ${serverErrors} replies >= 500`);
  });
});

describe('hostile paths to the static site', () => {
  const dirs: string[] = [];
  afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('never serve a file outside the site, never answer 500', async () => {
    const root = await mkdtemp(join(tmpdir(), 'kiryana-fuzz-static-'));
    dirs.push(root);
    await mkdir(join(root, 'dist', 'cart'), { recursive: true });
    await writeFile(join(root, 'dist', 'index.html'), '<h1>home</h1>');
    await writeFile(join(root, 'dist', 'cart', 'index.html'), '<h1>cart</h1>');
    await writeFile(join(root, 'dist', '404.html'), '<h1>not found</h1>');
    await writeFile(join(root, 'secret.txt'), 'SECRET');
    const serve = staticHandler(() => join(root, 'dist'));
    const piece = fc.oneof(
      fc.constantFrom('..', '%2e%2e', '%2E%2E', '.%2e', '%252e%252e', 'secret.txt', '%2f', '%5c', '..%5c', '%00', 'cart', 'index.html', '', '.', '~'),
      fc.string({ unit: 'binary', maxLength: 12 }).map(encodeURIComponent),
    );
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 8 }), fc.constantFrom('GET', 'HEAD', 'POST', 'PUT'), async (pieces, method) => {
        // The raw target as a client sends it: the URL parser does not get to resolve the dots first.
        const request = new Request(`http://shop.test/${pieces.join('/')}`, { method });
        Object.defineProperty(request, 'url', { value: `http://shop.test/${pieces.join('/')}` });
        const res = await serve(request);
        tried++;
        expect(res.status).toBeLessThan(500);
        expect(await res.text()).not.toContain('SECRET');
      }),
      { numRuns: 500 },
    );
    console.log(`fuzz on the static site: ${tried} paths, 0 replies >= 500`);
  });
});

/**
 * Every number the API takes, one by one, with what an outsider sends: money in paisa, numbers past
 * the database's whole numbers (2147483648), past any double (1e400 reads as Infinity), the smallest
 * double, negatives and -0, and numbers as text. A whole-number field refuses them all in words
 * (4xx); a filter may read some (a fractional price bound, say); no request ever gets a 5xx.
 */
describe.each(testDatabases)('fractional and out-of-range numbers in every numeric field on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const staff = useStaffApi(database);
  /** Raw JSON numbers (and text) as a body carries them: -0 and 1e400 survive only written out. */
  const BODY_NUMBERS = ['190.5', '2147483648', '1e308', '5e-324', '-1', '1e400', '"NaN"', '"190"', '-0'];
  /**
   * Every one of these breaks a whole-number field's rule; -0 is 0 (a stock may be 0), and a
   * product's figures may be written as text (a catalogue file's cells are), so "190" is 190 there.
   */
  const refusedInBody = (raw: string, c: { text?: true }) => raw !== '-0' && !(c.text && raw === '"190"');
  const QUERY_NUMBERS = ['190.5', '2147483648', '1e308', '5e-324', '-1', '-0', 'NaN', 'Infinity', '1e400', '0x10', '%20', ''];

  it('refuses each in words where a whole number is due, and never answers 500', async () => {
    const api = staff();
    const owner = await api.member('owner');
    const shopper = await api.accounts.signUp();
    const versionOf = async (table: 'products' | 'categories', id: string) =>
      ((await database().db.execute(sql.raw(`select version from ${table} where id = '${id}'`))) as unknown as { rows: { version: number }[] }).rows[0].version;
    const synonym = await api.call('POST', '/api/staff/search/synonyms', { words: ['doodh'], means: ['milk'] }, { cookie: owner.cookie });
    expect(synonym.status).toBe(201);
    const synonymId = synonym.body.data.synonym.id as number;

    const order = (line: string, total = '280') =>
      `{"items":[${line}],"totalAmount":${total},"paymentMethod":"COD","shippingAddress":{"address":"House 12","city":"Islamabad","province":"ICT","country":"Pakistan"},"contactNumber":"0300-1234567","guestInfo":{"name":"Ayesha","email":"a@example.pk"}}`;
    type Case = { field: string; method: string; path: string; body?: (n: string) => string; query?: (n: string) => string; inPath?: true; text?: true; whole: boolean; as?: 'owner' | 'shopper'; accepts?: string[] };
    const cases: Case[] = [
      { field: 'order line price', method: 'POST', path: '/api/order/place', body: (n) => order(`{"productId":"milk-1l","quantity":1,"price":${n}}`), whole: true },
      { field: 'order line quantity', method: 'POST', path: '/api/order/place', body: (n) => order(`{"productId":"milk-1l","quantity":${n},"price":280}`), whole: true },
      { field: 'order total', method: 'POST', path: '/api/order/place', body: (n) => order('{"productId":"milk-1l","quantity":1,"price":280}', n), whole: true },
      { field: 'cart quantity', method: 'POST', path: '/api/cart', body: (n) => `{"items":[{"productId":"milk-1l","quantity":${n}}]}`, whole: true, as: 'shopper' },
      { field: 'cart line quantity', method: 'PUT', path: '/api/cart/update', body: (n) => `{"productId":"milk-1l","quantity":${n}}`, whole: true, as: 'shopper' },
      { field: 'review rating', method: 'POST', path: `/api/users/${shopper.userId}/review`, body: (n) => `{"productId":"milk-1l","rating":${n},"comment":"Good"}`, whole: true, as: 'shopper' },
      { field: 'new product price', text: true, method: 'POST', path: '/api/staff/products', body: (n) => `{"_id":"fuzz-${++made}","name":"Fuzz","category":"cupboard","price":${n}}`, whole: true, as: 'owner' },
      { field: 'new product stock', text: true, method: 'POST', path: '/api/staff/products', body: (n) => `{"_id":"fuzz-${++made}","name":"Fuzz","category":"cupboard","price":10,"stock":${n}}`, whole: true, as: 'owner' },
      { field: 'product price', text: true, method: 'PATCH', path: '/api/staff/products/milk-1l', body: (n) => `{"version":${PRODUCT_VERSION},"changes":{"price":${n}}}`, whole: true, as: 'owner' },
      { field: 'product discount', text: true, method: 'PATCH', path: '/api/staff/products/milk-1l', body: (n) => `{"version":${PRODUCT_VERSION},"changes":{"discount":${n}}}`, whole: true, as: 'owner' },
      { field: 'product stock', text: true, method: 'PATCH', path: '/api/staff/products/milk-1l', body: (n) => `{"version":${PRODUCT_VERSION},"changes":{"stock":${n}}}`, whole: true, as: 'owner' },
      { field: 'product version', method: 'PATCH', path: '/api/staff/products/milk-1l', body: (n) => `{"version":${n},"changes":{"stock":5}}`, whole: true, as: 'owner' },
      { field: 'grid price', text: true, method: 'POST', path: '/api/staff/products/bulk', body: (n) => `{"changes":[{"_id":"milk-1l","version":${PRODUCT_VERSION},"price":${n}}]}`, whole: true, as: 'owner' },
      { field: 'grid stock', text: true, method: 'POST', path: '/api/staff/products/bulk', body: (n) => `{"changes":[{"_id":"milk-1l","version":${PRODUCT_VERSION},"stock":${n}}]}`, whole: true, as: 'owner' },
      { field: 'category version', method: 'PATCH', path: '/api/staff/categories/cupboard', body: (n) => `{"version":${n},"changes":{"description":"Bread"}}`, whole: true, as: 'owner' },
      { field: 'synonym version', method: 'PATCH', path: `/api/staff/search/synonyms/${synonymId}`, body: (n) => `{"words":["doodh"],"means":["milk"],"version":${n}}`, whole: true, as: 'owner' },
      { field: 'products page', method: 'GET', path: '/api/products', query: (n) => `page=${n}`, whole: true },
      { field: 'products limit', method: 'GET', path: '/api/products', query: (n) => `limit=${n}`, whole: true },
      { field: 'products minPrice', method: 'GET', path: '/api/products', query: (n) => `minPrice=${n}`, whole: false },
      { field: 'products maxPrice', method: 'GET', path: '/api/products', query: (n) => `maxPrice=${n}`, whole: false },
      { field: 'products rating', method: 'GET', path: '/api/products', query: (n) => `rating=${n}`, whole: false },
      { field: 'category products page', method: 'GET', path: '/api/categories/cupboard/products', query: (n) => `page=${n}&minPrice=${n}`, whole: true },
      { field: 'my orders page', method: 'GET', path: '/api/order', query: (n) => `page=${n}&limit=${n}`, whole: true, as: 'shopper' },
      { field: 'staff products page', method: 'GET', path: '/api/staff/products', query: (n) => `page=${n}`, whole: true, as: 'owner' },
      { field: 'staff products limit', method: 'GET', path: '/api/staff/products', query: (n) => `limit=${n}`, whole: true, as: 'owner' },
      // A cursor: the rows before an id, and ids pass 2147483648 in time.
      { field: 'product history before', method: 'GET', path: '/api/staff/products/milk-1l/history', query: (n) => `before=${n}`, whole: true, as: 'owner', accepts: ['2147483648'] },
      { field: 'synonym removal version', method: 'DELETE', path: `/api/staff/search/synonyms/${synonymId}`, query: (n) => `version=${n}`, whole: true, as: 'owner' },
      { field: 'reviews rating', method: 'GET', path: '/api/staff/reviews', query: (n) => `rating=${n}`, whole: true, as: 'owner' },
      { field: 'audit before', method: 'GET', path: '/api/staff/audit', query: (n) => `before=${n}&limit=${n}`, whole: true, as: 'owner' },
      // Ids in a path, where a number is an id: no such record, in words.
      { field: 'synonym id', method: 'PATCH', path: '/api/staff/search/synonyms/@', inPath: true, whole: true, as: 'owner' },
      { field: 'review id', method: 'POST', path: '/api/staff/reviews/@/show', inPath: true, whole: true, as: 'owner' },
      { field: 'order number', method: 'GET', path: '/api/staff/orders/@', inPath: true, whole: true, as: 'owner' },
      { field: 'tracked order', method: 'GET', path: '/api/order/order-status/@', inPath: true, whole: true },
      { field: 'product id', method: 'GET', path: '/api/products/@', inPath: true, whole: true },
    ];
    let PRODUCT_VERSION = await versionOf('products', 'milk-1l');
    let made = 0;
    let tried = 0;
    for (const c of cases) {
      for (const n of c.body ? BODY_NUMBERS : QUERY_NUMBERS) {
        PRODUCT_VERSION = await versionOf('products', 'milk-1l');
        if (c.inPath && (n === '' || n === '%20')) continue; // no segment at all is another route
        const path = c.inPath ? c.path.replace('@', n) : c.query ? `${c.path}?${c.query(n)}` : c.path;
        const auth = c.as === 'owner' ? { cookie: owner.cookie } : c.as === 'shopper' ? { bearer: shopper.token } : {};
        const body = c.body?.(n) ?? (c.inPath && c.method !== 'GET' ? '{"words":["doodh"],"means":["milk"],"version":1}' : undefined);
        const reply = await api.call(c.method, path, body, { ...auth, client: newClientAddress() });
        tried++;
        const label = `${c.field} = ${n}: ${reply.status} ${JSON.stringify(reply.body)}`;
        expect(reply.status, label).toBeLessThan(500);
        // A query's number is read as Number reads it: none ('' or a space) is the default, 0x10 is 16.
        const refused = !c.accepts?.includes(n) && (c.body ? refusedInBody(n, c) : !['', '%20', '0x10'].includes(n));
        if (refused && c.whole) {
          expect(reply.status, label).toBeGreaterThanOrEqual(400);
          expect(reply.body.message, label).toMatch(/\S/);
        }
      }
    }
    console.log(`numbers on ${target.name}: ${tried} requests to ${cases.length} fields, none >= 500`);
  }, 240_000);
});
