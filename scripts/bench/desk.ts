/**
 * The order desk at scale: the orders list with each filter and the 90-day sales report, on a
 * database holding `--orders` orders (default 1,000,000), against the goals (list p95 <= 100 ms,
 * report <= 500 ms), each beside a baseline measured in the same run: the very same SQL statements
 * sent straight to the driver (node-postgres' pool, PGlite's query), without the store's layers
 * (reading the question, drizzle, shaping the answer). The report, read from the sums the database
 * keeps, is also measured beside the same report computed from the raw rows (rawSalesReport).
 *
 *   npm run bench:desk -- [--orders 1000000] [--runs 30] [--only pglite|postgres]
 *     [--database-url postgres://… [--in-place]] [--data-dir <dir>]
 *
 * PostgreSQL (--database-url, DATABASE_URL or TEST_DATABASE_URL): a fresh database on that server,
 * dropped after (--in-place: that very database, kept, for runs after the first). PGlite: a fresh data directory in the system's temporary directory, removed after,
 * or --data-dir to keep one between runs (orders are generated only when it holds fewer than asked).
 * Each filled database is VACUUM ANALYZEd before measuring, as autovacuum would after such a load.
 * Prints one markdown table with the command and the date.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { count, desc, sql } from 'drizzle-orm';
import { readDeskListQuery, readReportRange, type DeskListQuery } from '#lib/desk-query.ts';
import { openDatabase, type Database, type DatabaseHandle } from '#server/db/client.ts';
import { orders } from '#server/db/schema.ts';
import { countDeskOrders, deskCountStatements, deskListStatements, listDeskOrders } from '#server/desk/orders-list.ts';
import { rawSalesReport, rawSalesReportStatements, salesReport, salesReportStatements } from '#server/desk/reports.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { generateDeskOrders } from './load/desk-orders.ts';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '30' },
    only: { type: 'string' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    'in-place': { type: 'boolean', default: false },
  },
});
const wanted = Number(values.orders);
const runs = Math.max(5, Number(values.runs));
const postgresUrl = values['database-url'] || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
const LIST_GOAL = 100;
const REPORT_GOAL = 500;

interface Row {
  database: string;
  case: string;
  store: number[];
  bare: number[];
  /** The p95 goal in ms; none for a baseline. */
  goal?: number;
}
const rows: Row[] = [];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

/** A drizzle query as its SQL text and parameters. */
interface Statement {
  toSQL(): { sql: string; params: unknown[] };
}

/** Runs `statements` on the driver itself, as the store would (together), and waits for all. */
function bare(db: Database, statements: readonly Statement[]): Promise<unknown> {
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<unknown> } }).$client;
  return Promise.all(statements.map((s) => {
    const { sql: text, params } = s.toSQL();
    return client.query(text, params);
  }));
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}

/** `runs` timings of each, alternating store and bare, after two warm-ups of each. */
async function measure(database: string, name: string, goal: number | undefined, store: () => Promise<unknown>, direct: () => Promise<unknown>) {
  for (let i = 0; i < 2; i++) {
    await store();
    await direct();
  }
  const row: Row = { database, case: name, store: [], bare: [], goal };
  for (let i = 0; i < runs; i++) {
    row.store.push(await time(store));
    row.bare.push(await time(direct));
  }
  rows.push(row);
  console.error(`  ${name}: p95 ${ms(pct(row.store, 95))} ms (bare ${ms(pct(row.bare, 95))} ms)`);
}

async function bench(database: string, handle: DatabaseHandle) {
  const db = handle.db;
  await seedIfEmpty(db);
  const [{ n: have }] = await db.select({ n: count() }).from(orders);
  if (have < wanted) {
    const started = performance.now();
    console.error(`${database}: generating ${wanted - have} orders…`);
    await generateDeskOrders(db, {
      count: wanted - have,
      progress: (done) => console.error(`  ${done} orders, ${((performance.now() - started) / 1000).toFixed(0)} s`),
    });
    console.error(`${database}: generated in ${((performance.now() - started) / 1000).toFixed(0)} s; vacuum analyze…`);
  }
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_items`);
  await db.execute(sql`vacuum analyze sales_days`);
  await db.execute(sql`vacuum analyze sales_product_days`);
  const [{ n: total }] = await db.select({ n: count() }).from(orders);

  // Real values to look for: an order from the middle of the data, and the cursor 2,000 pages deep.
  const [sample] = await db.select().from(orders).orderBy(desc(orders.createdAt)).offset(Math.floor(total / 3)).limit(1);
  const [deep] = await db.select({ createdAt: orders.createdAt, id: orders.id }).from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).offset(Math.min(total - 1, 100_000)).limit(1);
  const end = new Date();
  const day = (msAgo: number) => new Date(end.getTime() + 5 * 3_600_000 - msAgo).toISOString().slice(0, 10);
  const surname = sample.guestName.split(' ')[1] ?? sample.guestName;
  const cases: [string, Record<string, string>][] = [
    ['no filter', {}],
    ['status Pending', { status: 'Pending' }],
    ['status Cancelled', { status: 'Cancelled' }],
    ['last 30 days', { from: day(30 * 86_400_000), to: day(0) }],
    ['order number', { find: sample.orderNumber.toLowerCase().replace(/-/g, ' ') }],
    ['phone', { find: sample.contactNumber.replace('+92', '0') }],
    ['name (part)', { find: sample.guestName.slice(2).toLowerCase() }],
    [`name (common: "${surname}")`, { find: surname }],
    ['e-mail (part)', { find: sample.guestEmail.slice(3) }],
    ['deep page (100,001st order)', { after: `${deep.createdAt.getTime()}~${deep.id}` }],
    ['status + 30 days + name', { status: 'Delivered', from: day(30 * 86_400_000), to: day(0), find: surname }],
  ];
  console.error(`${database}: ${total} orders; measuring (${runs} runs a case)`);
  for (const [name, params] of cases) {
    const query: DeskListQuery = readDeskListQuery(params);
    await measure(database, `list: ${name}`, LIST_GOAL, () => listDeskOrders(db, readDeskListQuery(params)), () => {
      const s = deskListStatements(db, query);
      return bare(db, [s.page, s.total]);
    });
  }
  await measure(database, 'counts by status (all days)', LIST_GOAL, () => countDeskOrders(db), () => bare(db, deskCountStatements(db)));
  const last30 = readDeskListQuery({ from: day(30 * 86_400_000), to: day(0) });
  await measure(database, 'counts by status (30 days)', LIST_GOAL, () => countDeskOrders(db, last30), () => bare(db, deskCountStatements(db, last30)));
  const range = { from: day(90 * 86_400_000), to: day(86_400_000) };
  await measure(database, 'sales report, 90 days', REPORT_GOAL, () => salesReport(db, readReportRange(range)), () => bare(db, salesReportStatements(db, range)));
  // The sums must tell what the raw rows tell, or the timing means nothing.
  if (!isDeepStrictEqual(await salesReport(db, range), await rawSalesReport(db, range))) throw new Error(`${database}: the sales sums differ from the raw rows' report.`);
  // The baseline: the same report computed from the raw rows (every order of the 90 days and its lines).
  await measure(database, 'sales report, 90 days, from the raw rows (baseline)', undefined, () => rawSalesReport(db, readReportRange(range)), () => bare(db, rawSalesReportStatements(db, range)));
  return total;
}

const totals: string[] = [];
if (values.only !== 'postgres') {
  const dir = values['data-dir'] ?? (await mkdtemp(join(tmpdir(), 'kiryana-desk-')));
  const handle = await openDatabase({ dataDir: dir });
  try {
    totals.push(`PGlite ${(await bench('PGlite', handle)).toLocaleString('en-US')}`);
  } finally {
    await handle.close();
    if (!values['data-dir']) await rm(dir, { recursive: true, force: true });
  }
}
if (values.only !== 'pglite' && postgresUrl) {
  const created = values['in-place'] ? { url: postgresUrl, drop: async () => {} } : await createPostgresDatabase(postgresUrl);
  const handle = await openDatabase({ url: created.url });
  try {
    totals.push(`PostgreSQL ${(await bench('PostgreSQL', handle)).toLocaleString('en-US')}`);
  } finally {
    await handle.close();
    await created.drop();
  }
}

const command = `npm run bench:desk -- ${process.argv.slice(2).join(' ')}`.trim();
console.log(`\n\`${command}\` — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; orders: ${totals.join(', ')}; ${runs} runs a case\n`);
console.log('| database | case | store p50 | store p95 | bare SQL p50 | bare SQL p95 | goal (p95) | |');
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  const p95 = pct(r.store, 95);
  const goal = r.goal === undefined ? '—' : `≤ ${r.goal} ms`;
  const verdict = r.goal === undefined ? '' : p95 <= r.goal ? 'met' : '**missed**';
  console.log(`| ${r.database} | ${r.case} | ${ms(pct(r.store, 50))} ms | ${ms(p95)} ms | ${ms(pct(r.bare, 50))} ms | ${ms(pct(r.bare, 95))} ms | ${goal} | ${verdict} |`);
}
