/**
 * How many orders a second the API places, against what the same server answers on a bare JSON
 * endpoint under the same load, measured in the same run, and optionally against an older
 * revision of the store placed under the very same load, round by round:
 *
 *   npm run bench:orders -- [--concurrency 16] [--seconds 10] [--rounds 3] [--warmup 3] [--workers 1]
 *     [--baseline <git revision>] [--database-url postgres://…] [--only pglite|postgres]
 *
 * For each database (PGlite always; PostgreSQL with --database-url, DATABASE_URL or
 * TEST_DATABASE_URL, in a fresh database created on that server and dropped after), it seeds a
 * catalogue with plenty of stock, starts the real API process (src/server/test/serve-api.ts, no
 * SMTP_URL: each order's mail is printed to its log), and from this process (the driver) over
 * loopback runs `--rounds` rounds of `--seconds` each (one warm-up first) of: GET /api/health/live
 * (no database: the HTTP stack alone), GET /api/health (one small query) and POST /api/order/place
 * (guest orders of 1 to 3 lines, each with its own Idempotency-Key and shopper's address).
 *
 * --workers N (PostgreSQL only: an embedded database is one process's) starts N API processes on
 * the one database; the driver's clients are spread over them (client i to process i mod N).
 * --baseline REV extracts that revision (git archive) into a temporary directory beside this one
 * (sharing node_modules) and places orders with its API too, on a database of its own migrated
 * with that revision's own migrations (so a schema change, such as a trigger, is measured too; its
 * tables must hold what this checkout's seed writes), the two measured back to back in each round.
 *
 * Each placement's statements are counted in a separate process on a fresh database (one round trip
 * each, BEGIN and COMMIT included: scripts/bench/load/placement-statements.ts). At the end it checks
 * that each database holds exactly as many orders as there were 201 replies. Prints one table
 * (requests/s, latency percentiles, errors, the CPU of driver, API processes and PostgreSQL's
 * backends for the database: 100 % is one core; each row's requests/s as a share of the bare
 * endpoint's in the same round, and this checkout's placements over the baseline's round by
 * round: median and range; and the CPU a reply cost, API and database together, which a busy
 * machine disturbs far less than requests/s).
 */
import { execFileSync, execFile } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ROOT } from '#server/config.ts';
import { openDatabase, type OpenDatabaseOptions } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { startApiProcess, type ApiProcess } from '#server/test/api-process.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { plannedOrder, rng, stockedCatalogue } from '#server/test/order-load.ts';
import { median, mergeResults, ms, pct, runLoad, share, type LoadRequest, type LoadResult } from './load/http-load.ts';
import type { PlacementStatements } from './load/placement-statements.ts';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    workers: { type: 'string', default: '1' },
    baseline: { type: 'string' },
    'database-url': { type: 'string' },
    only: { type: 'string' },
  },
});
const concurrency = Number(values.concurrency);
const seconds = Number(values.seconds);
const warmup = Number(values.warmup);
const rounds = Math.max(1, Number(values.rounds));
const workers = Math.max(1, Number(values.workers));
const postgresUrl = values['database-url'] || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const catalogue = stockedCatalogue(24, 100_000_000);

interface Row {
  database: string;
  endpoint: string;
  result: LoadResult;
  /** This row's requests/s over the bare endpoint's, round by round (same round, same load). */
  ratios: number[];
  statements?: PlacementStatements;
  /** For this checkout's placements beside a baseline: their requests/s over the baseline's, round by round. */
  vsBaseline?: number[];
}
const rows: Row[] = [];
const notes: string[] = [];

/** A checkout to place orders with: this one, or the baseline revision extracted beside it. */
interface Variant {
  label: string;
  root: string;
}

async function extractRevision(revision: string): Promise<{ variant: Variant; remove: () => Promise<void> }> {
  const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', revision], { encoding: 'utf8' }).trim();
  const dir = await mkdtemp(join(tmpdir(), `kiryana-baseline-${commit}-`));
  execFileSync('sh', ['-c', `git -C "$1" archive --format=tar "$2" | tar -x -C "$3"`, 'sh', ROOT, commit, dir]);
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { variant: { label: `baseline ${commit}`, root: dir }, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The statements of a placement with `variant`'s app, counted in a process of its own. */
async function countStatements(variant: Variant, name: 'pglite' | 'postgres'): Promise<PlacementStatements> {
  const created = name === 'postgres' ? await createPostgresDatabase(postgresUrl!) : undefined;
  try {
    const args = [join(ROOT, 'scripts/bench/load/placement-statements.ts'), '--app-root', variant.root, '--placements', '60'];
    if (created) args.push('--database-url', created.url);
    const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: ROOT, maxBuffer: 1 << 20 });
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as PlacementStatements;
  } finally {
    await created?.drop();
  }
}

/** A fresh database for `name`, migrated with `variant`'s migrations and seeded: the API processes' environment, how to open it here, how to drop it. */
async function freshDatabase(name: 'pglite' | 'postgres', variant: Variant) {
  let env: Record<string, string>;
  let open: OpenDatabaseOptions;
  let drop: () => Promise<void>;
  let database: string | undefined;
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
    database = new URL(created.url).pathname.slice(1);
  }
  const seeding = await openDatabase({ ...open, migrate: false });
  const migrationsFolder = join(variant.root, 'src/server/db/migrations');
  if (seeding.kind === 'pglite') await migratePglite(seeding.db as never, { migrationsFolder });
  else await migratePg(seeding.db as never, { migrationsFolder });
  await seedIfEmpty(seeding.db, catalogue);
  await seeding.close();
  return { env, open, drop, database };
}

async function benchDatabase(name: 'pglite' | 'postgres', variants: Variant[]): Promise<void> {
  // An embedded database is one process's; several API processes need PostgreSQL.
  const processes = name === 'pglite' ? 1 : workers;
  if (name === 'pglite' && workers > 1) notes.push(`pglite: one API process (an embedded database is one process's; --workers ${workers} applies to PostgreSQL)`);
  const databases: Awaited<ReturnType<typeof freshDatabase>>[] = [];
  const apis: ApiProcess[][] = [];
  const placed = variants.map(() => 0);
  try {
    for (const variant of variants) {
      const database = await freshDatabase(name, variant);
      databases.push(database);
      const started: ApiProcess[] = [];
      apis.push(started);
      for (let i = 0; i < processes; i++) started.push(await startApiProcess(database.env, { root: variant.root }));
    }
    // PostgreSQL's work is done in its backends: their CPU is sampled beside the API processes'.
    const admin = name === 'postgres' ? new pg.Client({ connectionString: postgresUrl }) : undefined;
    await admin?.connect();
    const backends = (variant: number) => async () =>
      (await admin!.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [databases[variant].database])).rows.map((r) => r.pid);
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
    const current = variants.length - 1; // the bare endpoints are measured on this checkout's API
    const endpoints: { endpoint: string; variant: number; request: () => LoadRequest }[] = [
      { endpoint: 'GET /api/health/live (no database)', variant: current, request: () => ({ method: 'GET', path: '/api/health/live' }) },
      { endpoint: 'GET /api/health (one query)', variant: current, request: () => ({ method: 'GET', path: '/api/health' }) },
      ...variants.map((v, i) => ({ endpoint: `POST /api/order/place${variants.length > 1 ? ` (${v.label})` : ''}`, variant: i, request: order })),
    ];
    // Each round measures every row back to back, so a neighbour's load on a shared machine hits a
    // round's baseline and its orders alike: their ratio is steadier than either figure.
    const runs = endpoints.map(() => [] as LoadResult[]);
    for (let round = 0; round < rounds; round++) {
      for (const [i, { endpoint, variant, request }] of endpoints.entries()) {
        const target = apis[variant];
        const onReply = (status: number) => {
          if (status === 201) placed[variant]++;
        };
        const load = { origin: target.map((a) => a.origin), concurrency, request, onReply };
        if (round === 0) {
          process.stderr.write(`${name}: ${endpoint}: warm-up ${warmup} s\n`);
          await runLoad({ ...load, seconds: warmup });
        }
        process.stderr.write(`${name}: ${endpoint}: round ${round + 1} of ${rounds}, ${seconds} s at ${concurrency} clients, ${target.length} API process(es)\n`);
        runs[i].push(await runLoad({ ...load, seconds, serverPid: target.map((a) => a.pid), morePids: admin ? backends(variant) : undefined }));
      }
    }
    await admin?.end();
    for (const [i, { endpoint, variant }] of endpoints.entries()) {
      const statements = endpoint.startsWith('POST') ? await countStatements(variants[variant], name) : undefined;
      const vsBaseline = statements && variants.length > 1 && variant === current ? runs[i].map((r, round) => r.perSecond / runs[i - 1][round].perSecond) : undefined;
      rows.push({ database: name, endpoint, result: mergeResults(runs[i]), ratios: runs[i].map((r, round) => r.perSecond / runs[0][round].perSecond), statements, vsBaseline });
    }
  } finally {
    for (const set of apis) for (const api of set) await api.stop(); // PGlite: the data dir is free again for the count below
  }
  try {
    for (const [i, database] of databases.entries()) {
      const check = await openDatabase({ ...database.open, migrate: false });
      try {
        const [{ n }] = await check.db.select({ n: count() }).from(orders);
        const verdict = n === placed[i] ? 'equal' : 'MISMATCH';
        notes.push(`${name}, ${variants[i].label}: ${n} orders in the database, ${placed[i]} replies 201 (warm-ups included): ${verdict}`);
        if (n !== placed[i]) process.exitCode = 1;
      } finally {
        await check.close();
      }
    }
  } finally {
    for (const database of databases) await database.drop();
  }
}

const targets = (['pglite', 'postgres'] as const).filter((t) => !values.only || t === values.only);
const head = execFileSync('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const variants: Variant[] = [{ label: `this checkout (${head})`, root: ROOT }];
const baseline = values.baseline ? await extractRevision(values.baseline) : undefined;
if (baseline) variants.unshift(baseline.variant);
console.log(
  `bench:orders: ${concurrency} clients, ${warmup} s warm-up, then ${rounds} rounds of ${seconds} s a row; ${workers} API process(es) on PostgreSQL; ` +
    `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
);
try {
  for (const target of targets) {
    if (target === 'postgres' && !postgresUrl) {
      notes.push('postgres: skipped (give --database-url, DATABASE_URL or TEST_DATABASE_URL)');
      continue;
    }
    await benchDatabase(target, variants);
  }
} finally {
  await baseline?.remove();
}

const statementsText = (s: PlacementStatements | undefined) => (s ? `${s.perPlacement.toFixed(1)} (${s.fewest}–${s.most})` : '');
const times = (xs: number[] | undefined) => (xs ? `${median(xs).toFixed(2)}× (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})` : '');
/** CPU a reply cost, API processes and database backends together: steadier than requests/s on a busy machine. */
const cpuPerRequest = (r: LoadResult) => (r.serverCpu === undefined ? 'n/a' : (((r.serverCpu + (r.moreCpu ?? 0)) / r.perSecond) * 1000).toFixed(2));
console.log(
  '\n| database | endpoint | requests/s | of bare, median (range) | of baseline, median (range) | p50 ms | p95 ms | p99 ms | errors | statements a placement | CPU ms a reply (API + database) | driver CPU | API CPU | database CPU |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const { database, endpoint, result: r, ratios, statements, vsBaseline } of rows) {
  const errors = r.errors ? `${r.errors} (${Object.entries(r.statuses).filter(([s]) => s === 'ERR' || !/^2/.test(s)).map(([s, c]) => `${s}: ${c}`).join(', ')})` : '0';
  console.log(
    `| ${database} | ${endpoint} | ${Math.round(r.perSecond).toLocaleString('en')} | ${share(ratios)} | ${times(vsBaseline)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${errors} of ${r.requests} | ${statementsText(statements)} | ${cpuPerRequest(r)} | ${pct(r.driverCpu)} | ${pct(r.serverCpu)} | ${database === 'pglite' ? 'in API' : pct(r.moreCpu)} |`,
  );
}
console.log('');
for (const note of notes) console.log(note);
