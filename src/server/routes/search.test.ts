/**
 * GET /api/search/dictionary and GET /api/search/nearest, on every test database: the dictionary
 * as stored and dropped from the cache when it changes; did-you-mean rewrites that find products;
 * popular products in stock, most sold first; searches that found nothing counted (folded words
 * only), the table held to its size whatever the flood, one address's counting limited, and
 * hostile terms refused with a 400.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DictionaryReplySchema, NearestReplySchema } from '#lib/schemas/public-search.ts';
import { createApp } from '#server/app.ts';
import { MAX_MISSES, MAX_MISS_LENGTH } from '#server/catalog/nearest.ts';
import { searchMisses, synonyms } from '#server/db/schema.ts';
import { parseTrustProxy } from '#server/limits/client-address.ts';
import { RULES } from '#server/limits/limits.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

describe.each(testDatabases)('public search helpers on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  let app: ReturnType<typeof createApp>;
  beforeEach(async () => {
    const { db, kind } = database();
    await db.delete(searchMisses);
    await db.execute(sql`delete from rate_limits`);
    app = createApp({ db, kind, logError: () => {}, trustProxy: parseTrustProxy('1') });
  });
  const get = async (path: string, from = '203.0.113.7') => {
    const res = await app.request(path, { headers: { 'x-forwarded-for': from } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { success: boolean; message?: string; data: any } };
  };
  const nearest = async (q: string, from?: string) => {
    const { status, body, headers } = await get(`/api/search/nearest?q=${encodeURIComponent(q)}`, from);
    expect(status, body.message).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    return NearestReplySchema.parse(body.data);
  };
  const misses = async () => (await database().db.select().from(searchMisses)).sort((a, b) => (a.term < b.term ? -1 : 1));

  it('gives the dictionary as stored, and the new one right after a change', async () => {
    const { db } = database();
    await db.delete(synonyms);
    const first = await get('/api/search/dictionary');
    expect(first.status).toBe(200);
    expect(DictionaryReplySchema.parse(first.body.data)).toEqual({ synonyms: [] });
    await db.insert(synonyms).values([{ words: ['chawal', 'چاول'], means: ['rice'] }, { words: ['cold drink'], means: ['soft drink', 'pepsi'] }]);
    const second = await get('/api/search/dictionary');
    expect(second.body.data).toEqual({ synonyms: [{ words: ['chawal', 'چاول'], means: ['rice'] }, { words: ['cold drink'], means: ['soft drink', 'pepsi'] }] });
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it('offers a rewrite that finds products for a word too far from any to be forgiven, and counts the term', async () => {
    const reply = await nearest('Bsmti');
    expect(reply.didYouMean[0]).toBe('basmati');
    const found = await get(`/api/products?q=${encodeURIComponent(reply.didYouMean[0])}`);
    expect(found.body.data.products.map((p: { _id: string }) => p._id)).toContain('basmati-5kg');
    expect(await misses()).toMatchObject([{ term: 'bsmti', searches: 1 }]);
  });

  it('keeps the words it knows and replaces only the unknown one', async () => {
    const reply = await nearest('guard bsmti');
    expect(reply.didYouMean).toEqual(['guard basmati']);
  });

  it('offers each word alone when the words are known but find nothing together', async () => {
    const reply = await nearest('pepsi butter');
    expect(reply.didYouMean).toEqual(['pepsi', 'butter']);
  });

  it('offers nothing it cannot find, and popular products in stock, most sold then best rated', async () => {
    const { db } = database();
    await db.execute(sql`delete from sales_product_days`);
    await db.execute(sql`insert into sales_product_days (day, product_id, name, units, revenue, orders)
      values ((now() at time zone 'Asia/Karachi')::date - 1, 'zzz-last', 'Zinger Sauce', 50, 15000, 5),
             ((now() at time zone 'Asia/Karachi')::date - 2, 'eggs-12', 'Farm Eggs 12', 20, 8000, 4),
             ((now() at time zone 'Asia/Karachi')::date - 60, 'butter-200g', 'Adams Butter 200g', 900, 9000, 9)`);
    const reply = await nearest('qqqqqqqq zzzzzzzz');
    expect(reply.didYouMean).toEqual([]);
    expect(reply.popular.length).toBeLessThanOrEqual(8);
    expect(reply.popular.slice(0, 2).map((p) => p._id)).toEqual(['zzz-last', 'eggs-12']);
    expect(reply.popular.every((p) => p.stock > 0)).toBe(true);
    // Sold out (yoghurt, dal, pepsi) never; sales older than 30 days do not count (butter ranks by rating).
    expect(reply.popular.map((p) => p._id)).not.toContain('yoghurt-500g');
    const rest = reply.popular.slice(2);
    expect(rest.map((p) => p.rating)).toEqual([...rest.map((p) => p.rating)].sort((a, b) => b - a));
  });

  it('counts a term only when it finds nothing: folded words, one space, repeats added up', async () => {
    await nearest('butter');
    await nearest('  Nescafé   ZZQX ');
    await nearest('nescafe zzqx');
    await nearest('NESCAFE-zzqx', '198.51.100.9');
    expect(await misses()).toMatchObject([{ term: 'nescafe zzqx', searches: 3 }]);
    const [row] = await misses();
    expect(row.lastAt.getTime()).toBeGreaterThanOrEqual(row.firstAt.getTime());
  });

  it('keeps a counted term within its length', async () => {
    await nearest(Array.from({ length: 30 }, (_, i) => `zq${i}x`).join(" "));
    const [row] = await misses();
    expect(row.term.length).toBeLessThanOrEqual(MAX_MISS_LENGTH);
    expect(row.term.startsWith('zq0x zq1x')).toBe(true);
  });

  it('refuses hostile terms with a 400 and counts nothing', async () => {
    for (const q of ['tea\u0000', 'a\u0007b', 'x'.repeat(201)]) {
      const { status, body } = await get(`/api/search/nearest?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/Invalid query parameter 'q'/);
    }
    expect((await get('/api/search/nearest')).status).toBe(400);
    expect((await get('/api/search/nearest?q=a&q=b')).status).toBe(400);
    // Symbols only: no words, nothing to count, popular products still offered.
    const symbols = await nearest('%%% ***');
    expect(symbols.didYouMean).toEqual([]);
    expect(await misses()).toEqual([]);
  });

  it('holds the table to its size under a flood from many addresses: the least searched and oldest go', async () => {
    const { db } = database();
    // The table full: the oldest terms searched once, one term searched often.
    await db.execute(sql`insert into search_misses (term, searches, first_at, last_at)
      select 'old' || n, 1, now() - interval '2 days' + n * interval '1 second', now() - interval '2 days' + n * interval '1 second'
      from generate_series(1, ${MAX_MISSES - 1}) n`);
    await db.insert(searchMisses).values({ term: 'often', searches: 50 });
    for (let i = 0; i < 5; i++) await nearest(`zqflood${i}`, `192.0.2.${i + 1}`);
    const rows = await misses();
    expect(rows).toHaveLength(MAX_MISSES);
    const terms = new Set(rows.map((r) => r.term));
    for (let i = 0; i < 5; i++) expect(terms.has(`zqflood${i}`)).toBe(true);
    expect(terms.has('often')).toBe(true);
    for (let n = 1; n <= 5; n++) expect(terms.has(`old${n}`)).toBe(false);
    expect(terms.has('old6')).toBe(true);
  });

  it('concurrent counts never grow the table past its size', async () => {
    const { db } = database();
    await db.execute(sql`insert into search_misses (term, searches) select 'full' || n, 1 from generate_series(1, ${MAX_MISSES}) n`);
    await Promise.all(Array.from({ length: 12 }, (_, i) => nearest(`zqrace${i}`, `192.0.2.${i + 1}`)));
    const { rows } = (await db.execute(sql`select count(*)::int as n from search_misses`)) as unknown as { rows: { n: number }[] };
    const [{ n }] = rows;
    expect(n).toBe(MAX_MISSES);
  });

  it("limits what one address adds: past its budget it is still answered, not counted", async () => {
    const { db } = database();
    const budget = RULES.searchMisses.points;
    await db.execute(sql`insert into rate_limits (key, points, expire) values (${`${RULES.searchMisses.name}:203.0.113.50`}, ${budget}, now() + interval '1 hour')`);
    const reply = await nearest('zqlimited', '203.0.113.50');
    expect(reply.popular.length).toBeGreaterThan(0);
    expect(await misses()).toEqual([]);
    await nearest('zqlimited', '203.0.113.51');
    expect(await misses()).toMatchObject([{ term: 'zqlimited', searches: 1 }]);
  });
});
