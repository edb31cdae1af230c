/**
 * The shop's live path against the framework's own speed, measured in one run:
 *
 *   npm run bench:api -- [--connections 20] [--seconds 5] [--rounds 3] [--warmup 2] [--workers 1]
 *                        [--only pglite|postgres] [--database-url postgres://…] [--products N]
 *
 * Starts a bare Hono JSON endpoint (scripts/bench/load/bare-hono.ts: the project's own hono and
 * @hono/node-server, one route, nothing else) and the store's API (src/server/test/serve-api.ts,
 * `--workers` processes on one port; more than one needs PostgreSQL) on the seed catalogue (or a
 * generated one of `--products`), and from this process over loopback runs `--rounds` rounds of
 * `--seconds` each, after one warm-up, of, back to back:
 *   bare Hono JSON; GET /api/products/{id} (every product in turn); GET /api/products?limit=12&sortBy=rating;
 *   GET /api/products/live?ids= of 20 products (50 different carts in turn); GET /api/health.
 * Every request says Accept-Encoding: gzip, as browsers do. Each endpoint's requests/s is given as a
 * share of the bare endpoint's in the same round (the median and the range over the rounds), with
 * latency percentiles, errors (anything but 200) and the CPU of driver and server (100 % = one core).
 * Goal: every catalogue read at least 50 % of bare, no errors.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '#server/config.ts';
import { openDatabase, type OpenDatabaseOptions } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { startApiProcess } from '#server/test/api-process.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { rng } from '#server/test/order-load.ts';
import { replaceWithGenerated } from '../lib/catalog/generate.ts';
import { median, mergeResults, ms, pct, runLoad, share, type LoadRequest, type LoadResult } from './load/http-load.ts';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    workers: { type: 'string', default: '1' },
    products: { type: 'string' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
  },
});
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const rounds = Math.max(1, Number(values.rounds));
const workers = Math.max(1, Number(values.workers));
const postgresUrl = values['database-url'] || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const GZIP = { 'Accept-Encoding': 'gzip' };

/** The bare endpoint in a process of its own; resolves with its origin and how to stop it. */
async function startBare(): Promise<{ origin: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/bench/load/bare-hono.ts')], { cwd: ROOT, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((done, failed) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const found = /listening on (\d+)/.exec(out)?.[1];
      if (found) done(found);
    });
    child.once('exit', (code) => failed(new Error(`bare-hono exited (${code})`)));
  });
  const exited = new Promise((done) => child.once('exit', done));
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid!, stop: async () => void (child.kill('SIGTERM'), await exited) };
}

interface Row {
  database: string;
  endpoint: string;
  result: LoadResult;
  ratios: number[];
}
const rows: Row[] = [];
const notes: string[] = [];

async function benchDatabase(name: 'pglite' | 'postgres'): Promise<void> {
  let env: Record<string, string>;
  let open: OpenDatabaseOptions;
  let drop: () => Promise<void>;
  if (name === 'pglite') {
    const root = await mkdtemp(join(tmpdir(), 'kiryana-bench-api-'));
    env = { KIRYANA_DATA_DIR: join(root, 'pglite') };
    open = { dataDir: env.KIRYANA_DATA_DIR };
    drop = () => rm(root, { recursive: true, force: true });
  } else {
    const created = await createPostgresDatabase(postgresUrl!);
    env = { DATABASE_URL: created.url, WORKERS: String(workers) };
    open = { url: created.url };
    drop = created.drop;
  }
  try {
    const seeding = await openDatabase(open);
    if (values.products) await replaceWithGenerated(seeding.db, Number(values.products), 1);
    else await seedIfEmpty(seeding.db);
    const ids = (await seeding.db.select({ id: products.id }).from(products)).map((r) => r.id);
    await seeding.close();

    const random = rng(7);
    const carts = Array.from({ length: 50 }, () => Array.from({ length: 20 }, () => ids[Math.floor(random() * ids.length)]));
    let nextProduct = 0;
    let nextCart = 0;
    const [api, bare] = await Promise.all([startApiProcess(env), startBare()]);
    try {
      const endpoints: { endpoint: string; origin: string; pids: number[]; request: () => LoadRequest }[] = [
        { endpoint: 'bare Hono JSON (baseline)', origin: bare.origin, pids: [bare.pid], request: () => ({ method: 'GET', path: '/json', headers: GZIP }) },
        {
          endpoint: 'GET /api/products/{id}',
          origin: api.origin,
          pids: api.pids,
          request: () => ({ method: 'GET', path: `/api/products/${encodeURIComponent(ids[nextProduct++ % ids.length])}`, headers: GZIP }),
        },
        { endpoint: 'GET /api/products?limit=12&sortBy=rating', origin: api.origin, pids: api.pids, request: () => ({ method: 'GET', path: '/api/products?limit=12&sortBy=rating', headers: GZIP }) },
        {
          endpoint: 'GET /api/products/live?ids= (20 products)',
          origin: api.origin,
          pids: api.pids,
          request: () => ({ method: 'GET', path: `/api/products/live?ids=${encodeURIComponent(carts[nextCart++ % carts.length].join(','))}`, headers: GZIP }),
        },
        { endpoint: 'GET /api/health', origin: api.origin, pids: api.pids, request: () => ({ method: 'GET', path: '/api/health', headers: GZIP }) },
      ];
      const ok = (status: number) => status === 200;
      // Each round measures every endpoint back to back, so a neighbour's load on a shared machine
      // hits a round's baseline and the store alike: their ratio is steadier than either figure.
      const runs = endpoints.map(() => [] as LoadResult[]);
      for (let round = 0; round < rounds; round++) {
        for (const [i, { endpoint, origin, pids, request }] of endpoints.entries()) {
          if (round === 0) {
            process.stderr.write(`${name}: ${endpoint}: warm-up ${warmup} s\n`);
            // Every product once first, so the rounds measure a crowd on a warm store.
            if (endpoint.startsWith('GET /api/products/{id}')) for (let k = 0; k < ids.length; k += connections) await runLoad({ origin, concurrency: connections, seconds: 0.05, request, ok });
            await runLoad({ origin, concurrency: connections, seconds: warmup, request, ok });
          }
          process.stderr.write(`${name}: ${endpoint}: round ${round + 1} of ${rounds}, ${seconds} s at ${connections} connections\n`);
          runs[i].push(await runLoad({ origin, concurrency: connections, seconds, request, ok, serverPid: pids }));
        }
      }
      const label = name === 'postgres' && workers > 1 ? `postgres, ${workers} processes` : name;
      for (const [i, { endpoint }] of endpoints.entries()) {
        rows.push({ database: label, endpoint, result: mergeResults(runs[i]), ratios: runs[i].map((r, round) => r.perSecond / runs[0][round].perSecond) });
      }
      notes.push(`${label}: ${ids.length.toLocaleString('en')} products; the bare endpoint runs in one process${workers > 1 && name === 'postgres' ? `, the store in ${workers}` : ''}.`);
    } finally {
      await Promise.all([api.stop(), bare.stop()]);
    }
  } finally {
    await drop();
  }
}

if (workers > 1 && values.only !== 'postgres') {
  console.error('--workers above 1 needs PostgreSQL: add --only postgres (and --database-url, DATABASE_URL or TEST_DATABASE_URL).');
  process.exit(2);
}
const targets = (['pglite', 'postgres'] as const).filter((t) => !values.only || t === values.only);
console.log(
  `bench:api ${new Date().toISOString().slice(0, 10)}: ${connections} connections, ${warmup} s warm-up, then ${rounds} rounds of ${seconds} s an endpoint; ` +
    `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
);
for (const target of targets) {
  if (target === 'postgres' && !postgresUrl) {
    notes.push('postgres: skipped (give --database-url, DATABASE_URL or TEST_DATABASE_URL)');
    continue;
  }
  await benchDatabase(target);
}

console.log('\n| database | endpoint | requests/s | of bare, median (range) | p50 ms | p95 ms | p99 ms | errors | driver CPU | server CPU |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
let short = false;
for (const { database, endpoint, result: r, ratios } of rows) {
  const errors = r.errors ? `${r.errors} (${Object.entries(r.statuses).filter(([s]) => s !== '200').map(([s, c]) => `${s}: ${c}`).join(', ')})` : '0';
  console.log(`| ${database} | ${endpoint} | ${Math.round(r.perSecond).toLocaleString('en')} | ${share(ratios)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${errors} of ${r.requests.toLocaleString('en')} | ${pct(r.driverCpu)} | ${pct(r.serverCpu)} |`);
  if (endpoint.startsWith('GET /api/products') && (median(ratios) < 0.5 || r.errors > 0)) short = true;
}
console.log('');
for (const note of notes) console.log(note);
console.log(short ? '✗ A catalogue read is below 50 % of bare, or had errors.' : '✓ Every catalogue read at least 50 % of bare, without errors.');
