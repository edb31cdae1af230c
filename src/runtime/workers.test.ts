/**
 * `WORKERS=2 npm start` on PostgreSQL: two store processes on one port, and what must hold across
 * them: both answer; a session made on one is good on the other; one client's failures count
 * together; a replayed Idempotency-Key gives one order; a crowd buying the last units never oversells;
 * a worker killed is started again while the other serves. Every request here opens its own
 * connection, and node:cluster hands each new connection to the next worker, so consecutive
 * requests alternate between the processes. The site is a hand-made page (no build runs). The
 * metrics any process answers are both processes' summed.
 * On the embedded database, WORKERS=2 is refused with its reason.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { LIMIT_MESSAGES, RULES } from '#server/limits/limits.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { startTestSmtp, type TestSmtp } from '#server/test/smtp.ts';
import { orderBody } from '#server/test/orders.ts';
import { parsePrometheus } from '#server/test/prometheus.ts';
import { REFUSED_EXIT_CODE } from './supervise.ts';
import { freePort, startStore, until, type Store } from './store-process.ts';

const baseUrl = process.env.TEST_DATABASE_URL;


interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

describe('WORKERS on the embedded database', () => {
  it('is refused with its reason, before anything starts', async () => {
    const root = await mkdtemp(join(tmpdir(), 'kiryana-workers-'));
    try {
      const store = startStore({ WORKERS: '2', DATABASE_URL: '', KIRYANA_DATA_DIR: join(root, 'pglite'), PORT: String(await freePort()) });
      expect(await store.exited).toBe(REFUSED_EXIT_CODE);
      expect(store.output()).toContain('WORKERS=2 needs PostgreSQL: the embedded database can be opened by one process only.');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!baseUrl)('WORKERS=2 npm start on PostgreSQL', () => {
  let root: string;
  let created: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let smtp: TestSmtp;
  let store: Store;
  let port: number;

  /** One request on a connection of its own, from `from` (a local address: the client the server sees). */
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, from = '127.0.0.1'): Promise<Reply> =>
    new Promise((done, failed) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent: false,
          localAddress: from,
          headers: { ...headers, ...(data ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(data)) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // a page, not JSON
            }
            done({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
          });
        },
      );
      req.setTimeout(20_000, () => req.destroy(new Error(`${method} ${path}: no reply within 20 s`)));
      req.on('error', failed);
      req.end(data);
    });
  const workerOf = async () => (await send('GET', '/api/health')).body.data.worker as number;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kiryana-workers-'));
    await mkdir(join(root, 'dist'), { recursive: true });
    await writeFile(join(root, 'dist', 'index.html'), '<h1>home</h1>');
    created = await createPostgresDatabase(baseUrl!);
    handle = await openDatabase({ url: created.url, migrate: false });
    smtp = await startTestSmtp();
    port = await freePort();
    store = startStore({
      WORKERS: '2',
      DATABASE_URL: created.url,
      SMTP_URL: smtp.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      KIRYANA_DIST_DIR: join(root, 'dist'),
      KIRYANA_ARTWORK_DIR: join(root, 'artwork'),
      CATALOG_API_URL: 'http://127.0.0.1:9', // unreachable: no build runs, the page above is served
    });
    await until('two processes serving', () => store.output().includes('2 store processes serve the port.'), store);
  }, 180_000);

  afterAll(async () => {
    await store?.stop();
    await smtp?.close();
    await handle?.close();
    await created?.drop();
    await rm(root, { recursive: true, force: true });
  });

  it('both processes answer on the one port', async () => {
    const seen = new Set<number>();
    for (let i = 0; i < 10; i++) seen.add(await workerOf());
    expect([...seen].sort()).toEqual([0, 1]);
    expect((await send('GET', '/')).body).toContain('<h1>home</h1>');
  });

  it('a session made on one process is good on the other, and signing out ends it on both', async () => {
    const email = `workers.${process.pid}@example.pk`;
    const registered = await send('POST', '/api/users/register', { name: 'Zara', email, password: 'the right password' });
    expect(registered.status).toBe(201);
    const code = /\d{6}/.exec((await smtp.waitFor(email)).subject)![0];
    expect((await send('POST', '/api/users/verify', { userId: registered.body.userId, verificationCode: code })).status).toBe(200);
    const login = await send('POST', '/api/users/login', { email, password: 'the right password' });
    expect(login.status).toBe(200);
    const auth = { Authorization: `Bearer ${login.body.token}` };
    const profiles = await Promise.all(Array.from({ length: 6 }, () => send('GET', '/api/users/me', undefined, auth)));
    expect(profiles.map((p) => p.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await send('POST', '/api/auth/logout', {}, auth)).status).toBe(200);
    const after = await Promise.all(Array.from({ length: 4 }, () => send('GET', '/api/users/me', undefined, auth)));
    expect(after.map((p) => p.status)).toEqual([401, 401, 401, 401]);
  });

  it("one client's failures count together over both processes", async () => {
    const email = `nobody.${process.pid}@example.pk`;
    const stranger = '127.0.0.6';
    for (let i = 0; i < RULES.signInSlow.points; i++) {
      expect((await send('POST', '/api/users/login', { email, password: `wrong ${i}` }, {}, stranger)).status).toBe(401);
    }
    for (let i = 0; i < 2; i++) {
      const refused = await send('POST', '/api/users/login', { email, password: 'another' }, {}, stranger);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(LIMIT_MESSAGES.signInSlow('1 minute'));
    }
  });

  it('one Idempotency-Key sent to both processes at once gives one order', async () => {
    const [{ id, price }] = await handle.db.execute(sql`select id, price - discount as price from products where stock >= 50 order by id limit 1`).then((r) => (r as unknown as { rows: { id: string; price: number }[] }).rows);
    const body = orderBody([{ productId: id, quantity: 1, price: Number(price) }]);
    const replies = await Promise.all(Array.from({ length: 10 }, () => send('POST', '/api/order/place', body, { 'Idempotency-Key': `workers-${process.pid}` })));
    expect(replies.map((r) => r.status).every((s) => s === 201 || s === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.body.data?._id ?? r.body.order?._id ?? JSON.stringify(r.body))).size).toBe(1);
    const [{ n }] = (await handle.db.execute(sql`select count(*)::int as n from order_items where product_id = ${id}`) as unknown as { rows: { n: number }[] }).rows;
    expect(n).toBe(1);
  });

  it('a crowd buying the last units over both processes never oversells', async () => {
    const [{ id, price }] = (await handle.db.execute(sql`select id, price - discount as price from products where stock >= 10 order by id desc limit 1`) as unknown as { rows: { id: string; price: number }[] }).rows;
    await handle.db.execute(sql`update products set stock = 6 where id = ${id}`);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send('POST', '/api/order/place', orderBody([{ productId: id, quantity: 1, price: Number(price) }]), {}, `127.0.1.${i + 1}`)),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(6);
    expect(replies.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
    const [{ stock }] = (await handle.db.execute(sql`select stock from products where id = ${id}`) as unknown as { rows: { stock: number }[] }).rows;
    expect(stock).toBe(0);
    // Both processes' memory shows it: the live figures say 0 whichever answers.
    for (let i = 0; i < 4; i++) {
      const live = await until('stock 0 in the live figures', async () => {
        const reply = await send('GET', `/api/products/live?ids=${encodeURIComponent(id)}`);
        return reply.body.data[0].stock === 0 ? reply : undefined;
      }, store, 2000);
      expect(live.body.data[0].stock).toBe(0);
    }
  });

  it("the metrics, whichever process answers, are both processes' summed", async () => {
    // So far: one order placed by the shared key and six by the crowd; fourteen of the crowd refused;
    // two sign-ins refused by their limit. Each process saw a part of it.
    const scrapes = await Promise.all(Array.from({ length: 4 }, () => send('GET', '/api/operator/metrics')));
    for (const scrape of scrapes) {
      expect(scrape.status).toBe(200);
      const figures = parsePrometheus(scrape.body as string);
      expect(figures.sum('kiryana_orders_placed_total')).toBe(7);
      expect(figures.sum('kiryana_orders_refused_total')).toBe(14);
      expect(figures.sum('kiryana_limit_refusals_total', { limit: RULES.signInSlow.name })).toBe(2);
      expect(figures.sum('kiryana_db_pool_connections', { pool: 'main' })).toBeGreaterThanOrEqual(2);
    }
    expect((await send('GET', '/api/operator/metrics', undefined, {}, '127.0.0.2')).status).toBe(403);
  });

  it('a worker killed is started again while the other serves', async () => {
    const pids = [...store.output().matchAll(/Store process (\d+) is serving/g)].map((m) => Number(m[1]));
    const victim = pids[pids.length - 1];
    process.kill(victim, 'SIGKILL');
    await until('the supervisor seeing the kill', () => new RegExp(`store process ${victim} stopped \\(signal SIGKILL\\)`).test(store.output()), store, 30_000);
    // Every request meanwhile is answered (the primary gives new connections to the living worker).
    for (let i = 0; i < 6; i++) expect((await send('GET', '/api/health')).status).toBe(200);
    await until('the killed worker back', () => [...store.output().matchAll(/Store process (\d+) is serving/g)].length > pids.length, store, 120_000);
    const seen = new Set<number>();
    for (let i = 0; i < 10; i++) seen.add(await workerOf());
    expect([...seen].sort()).toEqual([0, 1]);
  }, 150_000);
});

describe.skipIf(!baseUrl)('WORKERS=2 npm start on PostgreSQL, building its site', () => {
  let root: string;
  let created: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let store: Store;
  let port: number;

  /** A page or reply on a connection of its own: consecutive ones go to one process, then the other. */
  const get = (path: string): Promise<string> =>
    new Promise((done, failed) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
      });
      req.on('error', failed);
      req.end();
    });

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'kiryana-workers-site-'));
    created = await createPostgresDatabase(baseUrl!);
    port = await freePort();
    store = startStore({
      WORKERS: '2',
      DATABASE_URL: created.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      KIRYANA_DIST_DIR: join(root, 'dist'),
      KIRYANA_ARTWORK_DIR: join(root, 'artwork'),
      CATALOG_API_URL: '',
    });
    await until('two processes serving', () => store.output().includes('2 store processes serve the port.'), store, 240_000);
    handle = await openDatabase({ url: created.url, migrate: false });
  }, 300_000);

  afterAll(async () => {
    await store?.stop();
    await handle?.close();
    await created?.drop();
    await rm(root, { recursive: true, force: true });
  });

  it('a product changed straight in the database is rebuilt by the lead and served by both processes', async () => {
    const { rows } = (await handle.db.execute(sql`select id, name from products order by id limit 1`)) as unknown as { rows: { id: string; name: string }[] };
    const [{ id, name }] = rows;
    const renamed = `${name} (new pack)`;
    await handle.db.execute(sql`update products set name = ${renamed}, updated_at = now() where id = ${id}`);
    await until('the rebuilt page', async () => ((await get(`/product/${id}/`)).includes(renamed) ? true : undefined), store, 60_000);
    // From then on, every process serves it (each request here is a new connection: they alternate).
    const pages = await Promise.all(Array.from({ length: 6 }, () => get(`/product/${id}/`)));
    expect(pages.every((page) => page.includes(renamed))).toBe(true);
    const seen = new Set<number>();
    for (let i = 0; i < 6; i++) seen.add(JSON.parse(await get('/api/health')).data.worker);
    expect([...seen].sort()).toEqual([0, 1]);
    expect(store.output()).toMatch(/Rebuilt \d+ pages in [\d.]+ s \(1 product changed/);
  }, 120_000);
});
