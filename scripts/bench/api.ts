/**
 * The shop's live path, as `npm start` runs it, against the framework's own speed, in one run:
 *
 *   npm run bench:api -- [--connections 20] [--seconds 5] [--rounds 3] [--warmup 2] [--workers 1]
 *                        [--only pglite|postgres] [--database-url postgres://…] [--products N]
 *                        [--port N] [--dir DIR] [--api-alone] [--driver wrk|autocannon]
 *
 * Starts a bare Hono JSON endpoint (scripts/bench/load/bare-hono.ts: the project's own hono and
 * @hono/node-server, one route, nothing else) and the store: src/runtime/start.ts, the process
 * `npm start` runs (its supervisor, the static site beside the API, the site keeper, the artwork
 * drawing), with `--workers` store processes (more than one needs PostgreSQL), on the seed
 * catalogue or a generated one of `--products`. `--api-alone` starts the API without the rest
 * (src/server/test/serve-api.ts) instead, to see what the full process adds. The store gets
 * `--port` (the bare endpoint the next port; default: free ports) and its database and build in
 * `--dir` (kept, so the next run finds its build up to date; default: a temporary directory).
 *
 * The load comes from wrk (load/wrk.ts; `apt-get install wrk`), a driver in C that needs little
 * CPU, so on two cores the server sets the pace and not the driver; without wrk, or with
 * `--driver autocannon`, from autocannon in a process of its own (load/cannon.ts), which on two
 * cores is itself at a full core on the lightest replies: `--rounds` rounds of `--seconds` each, after one warm-up, of, back to back:
 *   bare Hono JSON; GET /api/products/{id} (every product in turn); GET /api/products?limit=12&sortBy=rating;
 *   GET /api/products/live?ids= of 20 products (50 different carts in turn); GET /api/health.
 * Every request says Accept-Encoding: gzip, as browsers do. Each endpoint's requests/s is given as a
 * share of the bare endpoint's in the same round (the median and the range over the rounds), with
 * latency (the median over the rounds of each round's p50 and p99), errors (anything but 200) and
 * the CPU of driver and server (100 % = one core), and the server's CPU time a reply (what a
 * crowded machine changes least).
 * Goal: every catalogue read at least 50 % of bare, no errors.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '#server/config.ts';
import { openDatabase, type OpenDatabaseOptions } from '#server/db/client.ts';
import { products } from '#server/db/schema.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { startApiProcess } from '#server/test/api-process.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { rng } from '#server/test/order-load.ts';
import { freePort, startStore, until } from '#runtime/store-process.ts';
import { replaceWithGenerated } from '../lib/catalog/generate.ts';
import { cannon, type CannonJob, type CannonResult } from './load/cannon.ts';
import { hasWrk, wrk } from './load/wrk.ts';
import { startListening } from './load/listening-child.ts';
import { cpuSecondsOfAll, median, ms, pct, share } from './load/http-load.ts';

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
    port: { type: 'string' },
    dir: { type: 'string' },
    'api-alone': { type: 'boolean', default: false },
    driver: { type: 'string' },
  },
});
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const rounds = Math.max(1, Number(values.rounds));
const workers = Math.max(1, Number(values.workers));
const apiAlone = values['api-alone'];
const postgresUrl = values['database-url'] || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const GZIP = { 'Accept-Encoding': 'gzip' };
const driverName = values.driver ?? (hasWrk() ? 'wrk' : 'autocannon');
if (driverName !== 'wrk' && driverName !== 'autocannon') {
  console.error(`--driver is wrk or autocannon, not ${driverName}`);
  process.exit(2);
}
if (driverName === 'wrk' && !hasWrk()) {
  console.error('--driver wrk needs wrk on the PATH (apt-get install wrk)');
  process.exit(2);
}
const drive: (job: CannonJob) => Promise<CannonResult> = driverName === 'wrk' ? wrk : cannon;

interface Served {
  origin: string;
  /** The processes whose CPU counts as the server's. */
  pids: number[];
  stop(): Promise<void>;
}

/** The bare endpoint in a process of its own. */
async function startBare(port: number): Promise<Served> {
  const bare = await startListening(join(ROOT, 'scripts/bench/load/bare-hono.ts'), [], port);
  return { origin: bare.origin, pids: [bare.pid], stop: bare.stop };
}

/** `npm start`'s process on `port`, once it says it is open (after its first build, if it needs one). */
async function startFullStore(port: number, env: Record<string, string>): Promise<Served> {
  const store = startStore({ ...env, PORT: String(port), HOST: '127.0.0.1', WORKERS: String(workers), CATALOG_API_URL: '', SITE_URL: `http://127.0.0.1:${port}` });
  try {
    await until('The store opening', () => store.output().includes('Kiryana is open at') || undefined, store, 600_000);
    const serving = () => [...store.output().matchAll(/Store process (\d+) is serving/g)].map((m) => Number(m[1]));
    const processes = await until('Every store process serving', () => (serving().length >= workers ? serving() : undefined), store);
    return { origin: `http://127.0.0.1:${port}`, pids: [store.child.pid!, ...processes], stop: () => store.stop() };
  } catch (err) {
    await store.stop();
    throw err;
  }
}

interface Round extends CannonResult {
  serverCpu?: number;
}

/** One load run, with the CPU the server processes used meanwhile. */
async function measure(target: Served, paths: readonly string[], secondsOfLoad: number): Promise<Round> {
  const before = await cpuSecondsOfAll(target.pids);
  const result = await drive({ origin: target.origin, connections, seconds: secondsOfLoad, paths, headers: GZIP });
  const after = await cpuSecondsOfAll(target.pids);
  return { ...result, serverCpu: before !== undefined && after !== undefined ? (after - before) / result.seconds : undefined };
}

interface Row {
  database: string;
  endpoint: string;
  runs: Round[];
  ratios: number[];
}
const rows: Row[] = [];
const notes: string[] = [];

async function benchDatabase(name: 'pglite' | 'postgres'): Promise<void> {
  const root = values.dir ? resolve(values.dir, name) : await mkdtemp(join(tmpdir(), 'kiryana-bench-api-'));
  await mkdir(root, { recursive: true });
  let env: Record<string, string> = { KIRYANA_DIST_DIR: join(root, 'dist') };
  let open: OpenDatabaseOptions;
  let drop = async () => {};
  if (name === 'pglite') {
    env = { ...env, KIRYANA_DATA_DIR: join(root, 'pglite'), DATABASE_URL: '' };
    open = { dataDir: env.KIRYANA_DATA_DIR };
  } else {
    const created = await createPostgresDatabase(postgresUrl!);
    env = { ...env, DATABASE_URL: created.url };
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
    const storePort = values.port ? Number(values.port) : await freePort();
    const barePort = values.port ? storePort + 1 : await freePort();
    const [store, bare] = await Promise.all([apiAlone ? startApiProcess({ ...env, WORKERS: String(workers) }) : startFullStore(storePort, env), startBare(barePort)]);
    try {
      const endpoints: { endpoint: string; target: Served; paths: string[] }[] = [
        { endpoint: 'bare Hono JSON (baseline)', target: bare, paths: ['/json'] },
        { endpoint: 'GET /api/products/{id}', target: store, paths: ids.map((id) => `/api/products/${encodeURIComponent(id)}`) },
        { endpoint: 'GET /api/products?limit=12&sortBy=rating', target: store, paths: ['/api/products?limit=12&sortBy=rating'] },
        { endpoint: 'GET /api/products/live?ids= (20 products)', target: store, paths: carts.map((cart) => `/api/products/live?ids=${encodeURIComponent(cart.join(','))}`) },
        { endpoint: 'GET /api/health', target: store, paths: ['/api/health'] },
      ];
      // Each round measures every endpoint back to back, so a neighbour's load on a shared machine
      // hits a round's baseline and the store alike: their ratio is steadier than either figure.
      const runs = endpoints.map(() => [] as Round[]);
      for (let round = 0; round < rounds; round++) {
        for (const [i, { endpoint, target, paths }] of endpoints.entries()) {
          if (round === 0) {
            process.stderr.write(`${name}: ${endpoint}: warm-up ${warmup} s\n`);
            // Every product and cart once first, so the rounds measure a crowd on a warm store.
            if (paths.length > 1) for (const path of paths) await (await fetch(target.origin + path, { headers: GZIP })).arrayBuffer();
            await measure(target, paths, warmup);
          }
          process.stderr.write(`${name}: ${endpoint}: round ${round + 1} of ${rounds}, ${seconds} s at ${connections} connections\n`);
          runs[i].push(await measure(target, paths, seconds));
        }
      }
      const label = `${name}${workers > 1 ? `, ${workers} processes` : ''}${apiAlone ? ', API alone' : ''}`;
      for (const [i, { endpoint }] of endpoints.entries()) {
        rows.push({ database: label, endpoint, runs: runs[i], ratios: runs[i].map((r, round) => r.perSecond / runs[0][round].perSecond) });
      }
      notes.push(
        `${label}: ${ids.length.toLocaleString('en')} products; ${apiAlone ? 'the API alone (serve-api.ts)' : "npm start's process (start.ts)"}${workers > 1 ? ` in ${workers} processes` : ''}; the bare endpoint in one process.`,
      );
    } finally {
      await Promise.all([store.stop(), bare.stop()]);
    }
  } finally {
    await drop();
    if (!values.dir) await rm(root, { recursive: true, force: true, maxRetries: 5 });
  }
}

if (workers > 1 && values.only !== 'postgres') {
  console.error('--workers above 1 needs PostgreSQL: add --only postgres (and --database-url, DATABASE_URL or TEST_DATABASE_URL).');
  process.exit(2);
}
const targets = (['pglite', 'postgres'] as const).filter((t) => !values.only || t === values.only);
console.log(
  `bench:api ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${driverName}, ${connections} connections, ${warmup} s warm-up, then ${rounds} rounds of ${seconds} s an endpoint; ` +
    `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
);
for (const target of targets) {
  if (target === 'postgres' && !postgresUrl) {
    notes.push('postgres: skipped (give --database-url, DATABASE_URL or TEST_DATABASE_URL)');
    continue;
  }
  await benchDatabase(target);
}

const sum = (runs: Round[], pick: (r: Round) => number) => runs.reduce((t, r) => t + pick(r), 0);
console.log('\n| database | endpoint | requests/s | of bare, median (range) | p50 ms | p99 ms | errors | driver CPU | server CPU | server CPU a reply |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
let short = false;
for (const { database, endpoint, runs, ratios } of rows) {
  const errors = sum(runs, (r) => r.errors);
  const statuses: Record<string, number> = {};
  for (const r of runs) for (const [s, n] of Object.entries(r.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const errorText = errors ? `${errors} (${Object.entries(statuses).filter(([s]) => s !== '200' && s !== '2xx/3xx').map(([s, c]) => `${s}: ${c}`).join(', ')})` : '0';
  const time = sum(runs, (r) => r.seconds);
  const perSecond = sum(runs, (r) => r.perSecond * r.seconds) / time;
  const serverCpu = runs.every((r) => r.serverCpu !== undefined) ? sum(runs, (r) => r.serverCpu! * r.seconds) / time : undefined;
  console.log(
    `| ${database} | ${endpoint} | ${Math.round(perSecond).toLocaleString('en')} | ${share(ratios)} | ${ms(median(runs.map((r) => r.p50)))} | ${ms(median(runs.map((r) => r.p99)))} | ` +
      `${errorText} of ${sum(runs, (r) => r.requests).toLocaleString('en')} | ${pct(sum(runs, (r) => r.driverCpu * r.seconds) / time)} | ${pct(serverCpu)} | ${serverCpu === undefined ? 'n/a' : `${Math.round((serverCpu / perSecond) * 1e6)} µs`} |`,
  );
  if (endpoint !== 'bare Hono JSON (baseline)' && (median(ratios) < 0.5 || errors > 0)) short = true;
}
console.log('');
for (const note of notes) console.log(note);
console.log(short ? '✗ A catalogue read is below 50 % of bare, or had errors.' : '✓ Every catalogue read at least 50 % of bare, without errors.');
