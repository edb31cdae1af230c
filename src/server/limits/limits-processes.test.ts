/**
 * The per-client limits hold across processes: two API processes on one PostgreSQL database share
 * their counts, so guesses (or guest orders) spread over both are refused all the same. Requests go out from real
 * local addresses (127.0.0.2, 127.0.0.3, ...: distinct clients to the server's socket).
 * Needs PostgreSQL (TEST_DATABASE_URL), as PGlite is a one-process database.
 */
import { request as httpRequest } from 'node:http';
import { sql } from 'drizzle-orm';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { LIMIT_MESSAGES, RULES, FAILURE_COST } from './limits.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { orderBody } from '#server/test/orders.ts';
import { startTestSmtp, type TestSmtp } from '#server/test/smtp.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

/** Starts src/server/test/serve-api.ts; resolves with its origin once it listens. */
function startApiProcess(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'src/server/test/serve-api.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, failed) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on (\d+)/.exec(output)?.[1];
      if (port) done({ child, origin: `http://127.0.0.1:${port}` });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => failed(new Error(`serve-api exited (${code}) before listening:\n${output}`)));
  });
}

describe.skipIf(!baseUrl)('per-client limits across two API processes on one PostgreSQL', () => {
  let created: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  let smtp: TestSmtp;
  const processes: { child: ChildProcess; origin: string }[] = [];

  beforeAll(async () => {
    created = await createPostgresDatabase(baseUrl!);
    handle = await openDatabase({ url: created.url }); // migrated once, before both processes open it
    await seedIfEmpty(handle.db, fixtureCatalogue);
    smtp = await startTestSmtp();
    const env = { DATABASE_URL: created.url, SMTP_URL: smtp.url, SITE_URL: 'http://127.0.0.1' };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
  });

  afterAll(async () => {
    await Promise.all(
      processes.map(({ child }) => new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      })),
    );
    await smtp?.close();
    await handle?.close();
    await created?.drop();
  });

  interface Reply {
    status: number;
    retryAfter?: string;
    body: { success: boolean; message: string; userId?: string; token?: string };
  }
  /** A request sent from `from`, a local address of this machine: the server sees that client. */
  const send = (origin: string, method: string, path: string, body: unknown, from = '127.0.0.1'): Promise<Reply> =>
    new Promise((done, failed) => {
      const url = new URL(path, origin);
      const data = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method, localAddress: from, headers: data ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        },
      );
      req.on('error', failed);
      req.end(data);
    });
  const post = (origin: string, path: string, body: unknown, from?: string) => send(origin, 'POST', path, body, from);

  it("counts one client's failures on an account over both processes, and never stops the owner on another network", async () => {
    const [a, b] = processes.map((p) => p.origin);
    const email = `two.processes.${process.pid}@example.pk`;
    const password = 'the right password';
    // Registered on one process, verified on the other, with the code from the mail.
    const registered = await post(a, '/api/users/register', { name: 'Zara', email, password });
    expect(registered.status).toBe(201);
    const code = /\d{6}/.exec((await smtp.waitFor(email)).subject)![0];
    expect((await post(b, '/api/users/verify', { userId: registered.body.userId, verificationCode: code })).status).toBe(200);

    const stranger = '127.0.0.2';
    for (let i = 0; i < RULES.signInSlow.points; i++) {
      expect((await post(i % 2 ? b : a, '/api/users/login', { email, password: `wrong ${i}` }, stranger)).status).toBe(401);
    }
    for (const origin of [a, b]) {
      const refused = await post(origin, '/api/users/login', { email, password }, stranger);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(LIMIT_MESSAGES.signInSlow('1 minute'));
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    // The owner, on another network, is not held back by the stranger's guesses.
    expect((await post(b, '/api/users/login', { email, password }, '127.0.0.3')).status).toBe(200);
  });

  it("refuses one client's guessed order numbers on both processes once its budget is spent, and no one else's", async () => {
    const [a, b] = processes.map((p) => p.origin);
    const guesser = '127.0.0.4';
    const misses = Math.ceil(RULES.tracking.points / (1 + FAILURE_COST.tracking));
    for (let i = 0; i < misses; i++) {
      const reply = await send(i % 2 ? b : a, 'GET', `/api/order/order-status/KR-AAAA-${String(1000 + i).padStart(4, '0')}`, undefined, guesser);
      expect(reply.status).toBe(404);
    }
    for (const origin of [a, b]) {
      const refused = await send(origin, 'GET', '/api/order/order-status/KR-BBBB-CCCC', undefined, guesser);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many order look-ups from your network\. Please try again in \d+ minutes\.$/);
    }
    expect((await send(a, 'GET', '/api/order/order-status/KR-BBBB-CCCC', undefined, '127.0.0.5')).status).toBe(404);
  });

  it("counts one client's guest orders over both processes (the placement's own statement spends the count), and no one else's", async () => {
    const [a, b] = processes.map((p) => p.origin);
    const shopper = '127.0.0.6';
    const body = orderBody([{ productId: 'shan-biryani-50g', quantity: 1, price: 120 }]);
    for (let i = 0; i < RULES.guestOrders.points; i++) {
      const reply = await post(i % 2 ? b : a, '/api/order/place', body, shopper);
      expect(reply.status, reply.body.message).toBe(201);
    }
    for (const origin of [a, b]) {
      const refused = await post(origin, '/api/order/place', body, shopper);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^Too many orders from your network\. Please try again in \d+ minutes\.$/);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    // Nothing was placed for the refused requests; another shopper's address orders as ever.
    const placed = (await handle.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] };
    expect(placed.rows[0].n).toBe(RULES.guestOrders.points);
    expect((await post(b, '/api/order/place', body, '127.0.0.7')).status).toBe(201);
  }, 120_000);
});
