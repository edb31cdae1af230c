/**
 * How many orders a second one API process places, against what the same server answers on a bare
 * JSON endpoint under the same load, measured in the same run:
 *
 *   npm run bench:orders -- [--concurrency 16] [--seconds 10] [--rounds 3] [--warmup 3] [--database-url postgres://…] [--only pglite|postgres]
 *
 * For each database (PGlite always; PostgreSQL with --database-url, DATABASE_URL or
 * TEST_DATABASE_URL, in a fresh database created on that server and dropped after), it seeds a
 * catalogue with plenty of stock, starts the real API process (src/server/test/serve-api.ts, no
 * SMTP_URL: each order's mail is printed to its log), and from this process (the driver) over
 * loopback runs `--rounds` rounds of `--seconds` each (one warm-up first) of: GET /api/health/live (no database: the HTTP stack alone),
 * GET /api/health (one small query) and POST /api/order/place (guest orders of 1 to 3 lines, each
 * with its own Idempotency-Key). Then it checks that the database holds exactly as many orders as
 * there were 201 replies. Prints one table (requests/s, latency percentiles, errors, the CPU of
 * driver and server: 100 % is one core, and each endpoint's requests/s as a share of the bare
 * endpoint's in the same round: the median and the range over the rounds).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { openDatabase, type OpenDatabaseOptions } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { startApiProcess } from '#server/test/api-process.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { plannedOrder, rng, stockedCatalogue } from '#server/test/order-load.ts';
import { mergeResults, runLoad, type LoadRequest, type LoadResult } from './lib/load/http-load.ts';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
  },
});
const concurrency = Number(values.concurrency);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const rounds = Math.max(1, Number(values.rounds));
const postgresUrl = values['database-url'] || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const catalogue = stockedCatalogue(24, 100_000_000);

interface Row {
  database: string;
  endpoint: string;
  result: LoadResult;
  /** This endpoint's requests/s over the bare endpoint's, round by round (same round, same load). */
  ratios: number[];
}
const rows: Row[] = [];
const notes: string[] = [];

async function benchDatabase(name: 'pglite' | 'postgres'): Promise<void> {
  let env: Record<string, string>;
  let open: OpenDatabaseOptions;
  let drop: () => Promise<void>;
  if (name === 'pglite') {
    const root = await mkdtemp(join(tmpdir(), 'kiryana-bench-orders-'));
    env = { KIRYANA_DATA_DIR: join(root, 'pglite') };
    open = { dataDir: env.KIRYANA_DATA_DIR };
    drop = () => rm(root, { recursive: true, force: true });
  } else {
    const created = await createPostgresDatabase(postgresUrl!);
    env = { DATABASE_URL: created.url };
    open = { url: created.url };
    drop = created.drop;
  }
  try {
    const seeding = await openDatabase(open);
    await seedIfEmpty(seeding.db, catalogue);
    await seeding.close();

    const api = await startApiProcess(env);
    let placed = 0;
    try {
      const random = rng(42);
      const order = (): LoadRequest => {
        const planned = plannedOrder(catalogue, random);
        // Each order names its own shopper's address (TRUST_PROXY is the loopback in api-process.ts):
        // from one address the guest-order limit would refuse all but the first 100 an hour.
        return {
          method: 'POST',
          path: '/api/order/place',
          headers: { 'Idempotency-Key': planned.key, 'X-Forwarded-For': planned.client },
          body: JSON.stringify(planned.body),
        };
      };
      const endpoints: { endpoint: string; request: () => LoadRequest }[] = [
        { endpoint: 'GET /api/health/live (no database)', request: () => ({ method: 'GET', path: '/api/health/live' }) },
        { endpoint: 'GET /api/health (one query)', request: () => ({ method: 'GET', path: '/api/health' }) },
        { endpoint: 'POST /api/order/place', request: order },
      ];
      const onReply = (status: number) => {
        if (status === 201) placed++;
      };
      // Each round measures every endpoint back to back, so a neighbour's load on a shared machine
      // hits a round's baseline and its orders alike: their ratio is steadier than either figure.
      const runs = endpoints.map(() => [] as LoadResult[]);
      for (let round = 0; round < rounds; round++) {
        for (const [i, { endpoint, request }] of endpoints.entries()) {
          if (round === 0) {
            process.stderr.write(`${name}: ${endpoint}: warm-up ${warmup} s\n`);
            await runLoad({ origin: api.origin, concurrency, seconds: warmup, request, onReply });
          }
          process.stderr.write(`${name}: ${endpoint}: round ${round + 1} of ${rounds}, ${seconds} s at ${concurrency} clients\n`);
          runs[i].push(await runLoad({ origin: api.origin, concurrency, seconds, request, onReply, serverPid: api.pid }));
        }
      }
      for (const [i, { endpoint }] of endpoints.entries()) {
        rows.push({ database: name, endpoint, result: mergeResults(runs[i]), ratios: runs[i].map((r, round) => r.perSecond / runs[0][round].perSecond) });
      }
    } finally {
      await api.stop(); // PGlite: the data dir is free again for the count below
    }
    const check = await openDatabase({ ...open, migrate: false });
    try {
      const [{ n }] = await check.db.select({ n: count() }).from(orders);
      const verdict = n === placed ? 'equal' : 'MISMATCH';
      notes.push(`${name}: ${n} orders in the database, ${placed} replies 201 (warm-ups included): ${verdict}`);
      if (n !== placed) process.exitCode = 1;
    } finally {
      await check.close();
    }
  } finally {
    await drop();
  }
}

const targets: ('pglite' | 'postgres')[] = ['pglite', 'postgres'].filter((t) => !values.only || t === values.only) as ('pglite' | 'postgres')[];
console.log(`bench:orders: ${concurrency} clients, ${warmup} s warm-up, then ${rounds} rounds of ${seconds} s an endpoint; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (const target of targets) {
  if (target === 'postgres' && !postgresUrl) {
    notes.push('postgres: skipped (give --database-url, DATABASE_URL or TEST_DATABASE_URL)');
    continue;
  }
  await benchDatabase(target);
}

const pct = (share: number | undefined) => (share === undefined ? 'n/a' : `${Math.round(share * 100)} %`);
const ms = (v: number) => v.toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const share = (xs: number[]) => `${(median(xs) * 100).toFixed(1)} % (${(Math.min(...xs) * 100).toFixed(1)}–${(Math.max(...xs) * 100).toFixed(1)})`;
console.log('\n| database | endpoint | requests/s | of bare, median (range) | p50 ms | p95 ms | p99 ms | errors | driver CPU | server CPU |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const { database, endpoint, result: r, ratios } of rows) {
  const errors = r.errors ? `${r.errors} (${Object.entries(r.statuses).filter(([s]) => s === 'ERR' || !/^2/.test(s)).map(([s, c]) => `${s}: ${c}`).join(', ')})` : '0';
  console.log(`| ${database} | ${endpoint} | ${Math.round(r.perSecond).toLocaleString('en')} | ${share(ratios)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${errors} of ${r.requests} | ${pct(r.driverCpu)} | ${pct(r.serverCpu)} |`);
}
console.log('');
for (const note of notes) console.log(note);
