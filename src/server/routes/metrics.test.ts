/**
 * GET /api/operator/metrics: Prometheus text, answered to loopback that no proxy passed on, or to
 * the METRICS_KEY from anywhere; its figures move with what the store does.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '#server/main.ts';
import { fromClient, TEST_PASSWORD, useAccountsApi } from '#server/test/accounts.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody, placeOrderCall } from '#server/test/orders.ts';
import { parsePrometheus } from '#server/test/prometheus.ts';

const KEY = 'a-metrics-key-for-tests-0123456789';
const PATH = '/api/operator/metrics';

/**
 * The metric names docs/operations.md documents (its table's first column) that a store process
 * serves; those "Told by the primary" come from npm start's supervisor (src/runtime/supervise.test.ts).
 */
const DOCUMENTED = [...readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8').matchAll(/^\| `([a-z_]+)` \|(.*)$/gm)]
  .filter((m) => !m[2].includes('Told by the primary'))
  .map((m) => m[1]);

describe.each(testDatabases)('metrics on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const api = useAccountsApi(database, { metricsKey: KEY });
  const ask = (client: string | undefined, headers: Record<string, string> = {}) => api().app.request(PATH, { headers }, client === undefined ? undefined : fromClient(client));
  const scrape = async () => {
    const res = await ask('127.0.0.1');
    expect(res.status).toBe(200);
    return parsePrometheus(await res.text());
  };

  it('answers loopback in Prometheus text with every documented metric', async () => {
    const res = await ask('127.0.0.1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { types } = parsePrometheus(await res.text());
    expect(DOCUMENTED.length).toBeGreaterThan(10);
    expect(DOCUMENTED.filter((name) => !types.has(name)), 'documented but not served').toEqual([]);
    expect(types.get('kiryana_http_request_duration_seconds')).toBe('histogram');
  });

  it('refuses another address, a forwarded loopback request and a wrong key; the key answers from anywhere', async () => {
    expect((await ask('127.0.0.2')).status, 'loopback is 127.0.0.1 and ::1 only').toBe(403);
    expect((await ask(undefined)).status, 'no socket, no loopback').toBe(403);
    expect((await ask('203.0.113.9')).status).toBe(403);
    expect((await ask('127.0.0.1', { 'X-Forwarded-For': '203.0.113.9' })).status, 'a proxy on the machine').toBe(403);
    expect((await ask('127.0.0.1', { Forwarded: 'for=203.0.113.9' })).status).toBe(403);
    expect((await ask('127.0.0.2', { Authorization: `Bearer ${KEY}x` })).status).toBe(403);
    expect((await ask('127.0.0.2', { Authorization: KEY })).status, 'the key alone is not the Bearer form').toBe(403);
    const refused = await ask('203.0.113.9');
    expect(await refused.json()).toEqual({ success: false, message: 'Forbidden.' });
    for (const client of ['127.0.0.2', '203.0.113.9', '::1']) {
      const res = await ask(client, { Authorization: `Bearer ${KEY}`, 'X-Forwarded-For': '198.51.100.1' });
      expect(res.status, client).toBe(200);
      expect(parsePrometheus(await res.text()).types.size).toBeGreaterThan(10);
    }
    expect((await ask('::1')).status).toBe(200);
  });

  it('counts an order placed once (not its replay) and a refused one by its reason', async () => {
    const before = await scrape();
    const body = orderBody([{ productId: 'milk-1l', quantity: 1, price: 280 }]);
    expect((await placeOrderCall(api(), body, { key: 'metrics-order-1' })).status).toBe(201);
    expect((await placeOrderCall(api(), body, { key: 'metrics-order-1' })).status).toBe(200);
    expect((await placeOrderCall(api(), orderBody([{ productId: 'milk-1l', quantity: 1, price: 100 }]))).status).toBe(409);
    expect((await placeOrderCall(api(), { items: [] })).status).toBe(400);
    const after = await scrape();
    expect(after.sum('kiryana_orders_placed_total') - before.sum('kiryana_orders_placed_total')).toBe(1);
    const refused = (reason: string) => after.sum('kiryana_orders_refused_total', { reason }) - before.sum('kiryana_orders_refused_total', { reason });
    expect(refused('price_changed')).toBe(1);
    expect(refused('invalid')).toBe(1);
  });

  it('counts a 429 under its limit', async () => {
    const email = (await api().signUp()).email;
    const before = await scrape();
    let refusals = 0;
    for (let i = 0; i < 6; i++) {
      const reply = await api().call('POST', '/api/users/login', { email, password: `wrong ${i}` });
      if (reply.status === 429) refusals++;
    }
    const last = await api().call('POST', '/api/users/login', { email, password: TEST_PASSWORD });
    expect(last.status).toBe(429);
    refusals++;
    const after = await scrape();
    const moved = (labels?: Record<string, string>) => after.sum('kiryana_limit_refusals_total', labels) - before.sum('kiryana_limit_refusals_total', labels);
    expect(moved()).toBe(refusals);
    expect(moved({ limit: 'sign-in-account-minute' })).toBe(refusals);
  });

  it('counts requests under their route pattern, never the path asked for, each with an id', async () => {
    const count = (scrape: ReturnType<typeof parsePrometheus>, route: string, status: string) =>
      scrape.sum('kiryana_http_request_duration_seconds_count', { method: 'GET', route, status });
    const before = await scrape();
    // The second is answered before routing, from the cache (catalog/reply-lane.ts): the same route.
    const first = await api().app.request('/api/products/milk-1l');
    const second = await api().app.request('/api/products/milk-1l');
    expect([first.status, second.status]).toEqual([200, 200]);
    const unknown = await api().app.request('/api/no-such-place/secret-token-123');
    expect(unknown.status).toBe(404);
    const after = await scrape();
    expect(count(after, '/api/products/:id', '200') - count(before, '/api/products/:id', '200')).toBe(2);
    expect(count(after, '(unmatched)', '404') - count(before, '(unmatched)', '404')).toBe(1);
    expect(after.samples.filter((s) => Object.values(s.labels).some((v) => v.includes('secret-token') || v.includes('milk-1l')))).toEqual([]);
    const ids = [first, second, unknown].map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps a sane incoming X-Request-Id and replaces any other', async () => {
    const given = await api().app.request('/api/health', { headers: { 'X-Request-Id': 'lb-7f3a.91:2' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a.91:2');
    for (const bad of ['has space', 'x'.repeat(101), '<script>', 'a,b']) {
      const res = await api().app.request('/api/health', { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('x-request-id'), bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  if (target.name === 'postgres') {
    it("shows the PostgreSQL pools' connections", async () => {
      await api().app.request('/api/products/eggs-12');
      const after = await scrape();
      expect(after.sum('kiryana_db_pool_connections', { pool: 'main' })).toBeGreaterThanOrEqual(1);
      expect(after.samples.some((s) => s.name === 'kiryana_db_pool_waiting_requests' && s.labels.pool === 'main')).toBe(true);
    });
  }
});

describe('metrics over a real socket (startServer)', () => {
  const database = useDatabase(testDatabases[0], fixtureCatalogue);
  let server: RunningServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'kiryana-metrics-'));
    server = await startServer({ port: 0, host: '127.0.0.1', distDir: dist, database: database(), metricsKey: KEY });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dist, { recursive: true, force: true });
  });

  /** GET from the socket address `from` (any 127.0.0.0/8 address reaches a server on 127.0.0.1). */
  const get = (from: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((done, failed) => {
      const req = httpRequest({ host: '127.0.0.1', port: server.port, path, localAddress: from, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', failed);
      req.end();
    });

  it('refuses a request from 127.0.0.2 without the key, answers it with the key, and answers 127.0.0.1', async () => {
    expect((await get('127.0.0.2', PATH)).status).toBe(403);
    const keyed = await get('127.0.0.2', PATH, { Authorization: `Bearer ${KEY}` });
    expect(keyed.status).toBe(200);
    expect(parsePrometheus(keyed.body).types.get('kiryana_orders_placed_total')).toBe('counter');
    expect((await get('127.0.0.1', PATH)).status).toBe(200);
    expect((await get('127.0.0.1', PATH, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(403);
  });

  it("gives the site's replies an id too, and counts them as (site)", async () => {
    const page = await get('127.0.0.1', '/no-such-page/');
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const text = (await get('127.0.0.1', PATH)).body;
    expect(parsePrometheus(text).sum('kiryana_http_request_duration_seconds_count', { route: '(site)', status: String(page.status) })).toBeGreaterThanOrEqual(1);
  });
});
