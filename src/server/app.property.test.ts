/**
 * Property test over every GET route the app declares: whatever bytes a client puts in a path
 * parameter or a query string, the reply is JSON, below 500, and a refusal carries a message.
 * Routes are read from the app itself, so a new GET route is covered without editing this file;
 * they are asked once anonymously and once with a signed-in shopper's token (the routes behind a
 * session parse their parameters only then).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductQuerySchema } from '#lib/schemas/catalog.ts';
import { createApp } from './app.ts';
import { startSession } from '#server/auth/sessions.ts';
import { users } from '#server/db/schema.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue, fixtureProducts } from '#server/test/fixtures.ts';

const percentEncode = (bytes: Uint8Array) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** Text as a client may send it: any code point (NUL, controls, lone surrogates) UTF-8 encoded. */
const encodedText = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => percentEncode(Buffer.from(s, 'utf8')));
/** Raw bytes, including sequences that are not UTF-8 and percent signs cut short. */
const rawBytes = fc
  .tuple(fc.uint8Array({ maxLength: 12 }), fc.constantFrom('', '%', '%E', '%E0%A4%A', '%00', '%ZZ'))
  .map(([bytes, tail]) => percentEncode(bytes) + tail);
/** Plain characters that are legal in a URL unencoded. */
const plain = fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{0,30}$/);
/** A known-looking value with a control character (NUL among them) somewhere inside. */
const withControl = fc
  .tuple(plain, fc.integer({ min: 0, max: 0x1f }).map((n) => `%${n.toString(16).padStart(2, '0')}`), plain)
  .map((parts) => parts.join(''));
const knownIds = fc.constantFrom(...fixtureProducts.map((p) => p._id), ...fixtureCatalogue.categories.map((c) => c._id), 'Food%20Cupboard');
const long = fc.integer({ min: 150, max: 5000 }).map((n) => 'a'.repeat(n));

const segment = fc.oneof(encodedText, rawBytes, withControl, plain, knownIds, long).filter((s) => s !== '' && s !== '.' && s !== '..');
/** Numbers as an outsider writes them: in paisa, past the database's whole numbers, past any double, as words. */
const oddNumber = fc.constantFrom('190.5', '2147483648', '-2147483649', '1e308', '1e400', '5e-324', '-1', '-0', 'NaN', 'Infinity', '0x10', '1_000');
const value = fc.oneof(encodedText, rawBytes, withControl, plain, knownIds, fc.integer().map(String), fc.double().map(String), oddNumber, long);
/** Names an object inherits: a parameter called 'valueOf' once made a 500. */
const inherited = fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype));
/** The catalogue's parameters, and the own-review read's `productId`. */
const key = fc.oneof(fc.constantFrom(...Object.keys(ProductQuerySchema.shape), 'productId'), inherited, plain, encodedText);
const query = fc
  .array(fc.tuple(key, value), { maxLength: 5 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));

/**
 * Every GET route of the app but the reference page and its two scripts (HTML and JavaScript, at
 * fixed paths with no parameters: src/server/openapi.test.ts reads them).
 */
const jsonGetRoutes = (app: ReturnType<typeof createApp>) =>
  [...new Set(app.routes.filter((r) => r.method === 'GET').map((r) => r.path))].filter((path) => !path.startsWith('/api/reference'));

describe.each(testDatabases)('every GET route on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);

  it('answers malformed path parameters and query values with a 4xx message, never 500 or above', async () => {
    const app = createApp({ db: database().db, kind: database().kind, logError: () => {} });
    const routes = jsonGetRoutes(app);
    expect(routes).toEqual(expect.arrayContaining(['/api/products', '/api/products/:id', '/api/categories/:id/products']));

    const request = fc
      .tuple(fc.constantFrom(...routes), fc.array(segment, { minLength: 3, maxLength: 3 }), query)
      .map(([route, segments, q]) => {
        let i = 0;
        return route.replace(/:[A-Za-z]+/g, () => segments[i++]) + q;
      });

    await fc.assert(
      fc.asyncProperty(request, async (url) => {
        const res = await app.request(url);
        const body = (await res.json()) as { success: boolean; message?: string };
        expect(res.status, url).toBeLessThan(500);
        if (res.status >= 400) {
          expect(body.success, url).toBe(false);
          expect(body.message, url).toMatch(/\S/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('answers the same requests from a signed-in shopper (their own userId among the segments) below 500', async () => {
    const { db, kind } = database();
    const app = createApp({ db, kind, logError: () => {} });
    const now = new Date();
    const [user] = await db.insert(users).values({ name: 'Prop', email: `prop.${kind}@example.pk`, passwordHash: 'unused', verifiedAt: now }).returning();
    const token = await startSession(db, user.id, now);
    const routes = jsonGetRoutes(app);
    expect(routes).toEqual(expect.arrayContaining(['/api/users/:userId/review', '/api/cart', '/api/wishlist']));
    const ownSegment = fc.oneof(segment, fc.constant(user.id), fc.constant(user.id.toUpperCase()));
    const request = fc
      .tuple(fc.constantFrom(...routes), fc.array(ownSegment, { minLength: 3, maxLength: 3 }), query)
      .map(([route, segments, q]) => {
        let i = 0;
        return route.replace(/:[A-Za-z]+/g, () => segments[i++]) + q;
      });
    await fc.assert(
      fc.asyncProperty(request, async (url) => {
        const res = await app.request(url, { headers: { Authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { success: boolean; message?: string };
        expect(res.status, url).toBeLessThan(500);
        if (res.status >= 400) {
          expect(body.success, url).toBe(false);
          expect(body.message, url).toMatch(/\S/);
        }
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ['/api/products?category=%00', 400, "Invalid query parameter 'category': must not contain control characters"],
    ['/api/products/%00', 400, "Invalid path parameter 'id': must not contain control characters"],
    ['/api/products/%00/related', 400, "Invalid path parameter 'id': must not contain control characters"],
    ['/api/categories/%00/products', 400, "Invalid path parameter 'id': must not contain control characters"],
    ['/api/products?sortBy=name&category=a%00b', 400, "Invalid query parameter 'category': must not contain control characters"],
    [`/api/products/${'a'.repeat(201)}`, 400, "Invalid path parameter 'id': must be at most 200 characters"],
    ['/api/products?maxPrice=2147483648', 400, "Invalid query parameter 'maxPrice': must be at most 1000000000"],
    ['/api/products?valueOf=0', 400, "Invalid query parameter 'valueOf': is not a known parameter"],
    ['/api/products?constructor=1&__proto__=2', 400, "Invalid query parameter 'constructor': is not a known parameter"],
    ['/api/products/%E0%A4%A', 404, 'Product not found'],
    ['/api/categories/%E0%A4%A/products', 404, 'Category not found'],
  ])('%s is a %i: %s', async (url, status, message) => {
    const app = createApp({ db: database().db, kind: database().kind, logError: () => {} });
    const res = await app.request(url);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ success: false, message });
  });
});
