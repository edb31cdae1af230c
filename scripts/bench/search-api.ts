/**
 * GET /api/products?q= under load, at a catalogue's size:
 *
 *   npm run bench:search-api -- --products 100000 [--database-url postgres://…] [--seconds 20] [--clients 20]
 *
 * 1. A fresh database (an embedded one in a temporary directory, or a new database on the
 *    PostgreSQL server of --database-url): the 320 seeded products, `--products` generated ones
 *    (scripts/lib/catalog/generate.ts) and the seeded dictionary (src/server/seed/synonyms.json).
 * 2. A real API process on it (src/server/test/serve-api.ts over HTTP), and `--clients` clients,
 *    each looping over the test set's terms (scripts/bench/search-queries.json) for `--seconds`:
 *    - "served": as shoppers get it, the catalogue reply cache on (the same terms come again);
 *    - "computed": every reply computed, each request with a harmless `maxPrice` of its own
 *      (MAX_PRICE_FILTER minus a counter, above every price) so no two share a cached reply.
 * 3. The same run's baseline, in this process with the API process stopped: the old substring
 *    rule's SQL (old-search-sql.ts), the new rule as SQL and the new rule from the index in memory
 *    (listProducts, src/server/catalog/search-index.ts), each with `--clients` concurrent loops
 *    over the same terms, every reply computed.
 *
 * Prints median, p95 and max latency and requests a second for each.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { and, desc, asc, eq, sql } from 'drizzle-orm';
import { MAX_PRICE_FILTER } from '#lib/schemas/catalog.ts';
import type { SynonymEntry } from '#lib/search/dictionary.ts';
import { ROOT } from '#server/config.ts';
import { categoryRecords } from '#server/catalog/bulk.ts';
import { listProducts } from '#server/catalog/list-products.ts';
import { byId, onSale, productColumns, toProducts } from '#server/catalog/product-rows.ts';
import { loadSearchContext, searchContext } from '#server/catalog/search-context.ts';
import { loadSearchIndex, searchIndexReady, searchWithSqlOnly } from '#server/catalog/search-index.ts';
import { openDatabase, type Database, type DatabaseHandle } from '#server/db/client.ts';
import { categories, products, synonyms } from '#server/db/schema.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { startApiProcess } from '#server/test/api-process.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { bulkInsertProducts, generateProducts, seedMaterial } from '../lib/catalog/generate.ts';
import { relevanceScore, searchCondition } from './old-search-sql.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    seconds: { type: 'string', default: '20' },
    clients: { type: 'string', default: '20' },
    limit: { type: 'string', default: '24' },
  },
});
const count = Number(values.products);
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const limit = Number(values.limit);

const readJson = <T>(path: string): T | undefined => (existsSync(join(ROOT, path)) ? (JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T) : undefined);
const dictionary = readJson<{ synonyms: SynonymEntry[] }>('src/server/seed/synonyms.json')?.synonyms ?? [];
const terms = (readJson<{ q: string }[]>('scripts/bench/search-queries.json') ?? []).map((e) => e.q);
if (terms.length === 0) terms.push('tea', 'milk', 'atta', 'rice', 'basmati rice', 'green tea', 'chicken nuggets', 'shampoo', 'pampars', 'tomatos', 'nescafe', 'corn flakes', 'cornflakes', 'coca cola', 'biscuits');

// 1. The database.
const dir = values['database-url'] ? undefined : await mkdtemp(join(tmpdir(), 'kiryana-search-api-'));
const created = values['database-url'] ? await createPostgresDatabase(values['database-url']) : undefined;
const open = () => openDatabase(created ? { url: created.url } : { dataDir: join(dir!, 'pglite') });
let handle: DatabaseHandle = await open();
const kind = handle.kind;
const started = performance.now();
await seedIfEmpty(handle.db);
const material = await seedMaterial();
const names = (await categoryRecords(handle.db)).map((c) => c.name);
await bulkInsertProducts(handle.db, generateProducts(count, { seed: 1, images: material.images, categories: names }));
if (dictionary.length) await handle.db.insert(synonyms).values(dictionary);
const [{ total }] = (await handle.db.execute(sql`select count(*)::int as total from products`) as unknown as { rows: { total: number }[] }).rows;
console.log(`${total} products (${count} generated + the seed), ${dictionary.length} dictionary entries, ${terms.length} terms, ${kind}; filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
// The search context is read again after every catalogue change: the first read here also pays
// for the freshly written rows' first visit.
const reads: string[] = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  await loadSearchContext(handle.db);
  reads.push((performance.now() - t).toFixed(0));
}
console.log(`search context read in ${reads.join(', ')} ms (three reads; once a catalogue change)`);
const indexReads: string[] = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  await loadSearchIndex(handle.db);
  indexReads.push((performance.now() - t).toFixed(0));
}
console.log(`search index read in ${indexReads.join(', ')} ms (three reads; once a catalogue change, in the background)`);
await handle.close();

interface Figures {
  latencies: number[];
  errors: number;
  ms: number;
}

function report(label: string, f: Figures) {
  const sorted = [...f.latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  console.log(
    `${label.padEnd(44)} ${String(sorted.length).padStart(6)} requests  median ${at(0.5).toFixed(1)} ms  p95 ${at(0.95).toFixed(1)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms  ${((sorted.length / f.ms) * 1000).toFixed(0)}/s${f.errors ? `  ${f.errors} ERRORS` : ''}`,
  );
}

/** `clients` loops, each over the terms from its own starting point, for `seconds`. */
async function load(run: (term: string, n: number) => Promise<boolean>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const until = performance.now() + seconds * 1000;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = client * 7; performance.now() < until; i++) {
        const start = performance.now();
        // Let I/O in first (timed: a request waits its turn): answers from memory alone would
        // otherwise starve a loop that waits for the database.
        await new Promise((resolve) => setImmediate(resolve));
        const ok = await run(terms[i % terms.length], n++);
        latencies.push(performance.now() - start);
        if (!ok) errors++;
      }
    }),
  );
  return { latencies, errors, ms: performance.now() - begin };
}

// 2. Over HTTP, a real API process.
const api = await startApiProcess(created ? { DATABASE_URL: created.url } : { KIRYANA_DATA_DIR: join(dir!, 'pglite') });
const get = async (query: string) => {
  const res = await fetch(`${api.origin}/api/products?${query}`);
  await res.arrayBuffer();
  return res.status === 200;
};
try {
  // Warm: every term once (the first search reads the search context and starts reading the
  // index, the SQL answering meanwhile), then once more computed, by which time the index answers.
  for (const pass of [0, 1]) {
    const t = performance.now();
    for (const term of terms) await get(`q=${encodeURIComponent(term)}&limit=${limit}&maxPrice=${MAX_PRICE_FILTER - pass}`);
    console.log(`warming pass ${pass + 1}: ${terms.length} searches in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  report('HTTP, served (reply cache on)', await load((term) => get(`q=${encodeURIComponent(term)}&limit=${limit}`)));
  report('HTTP, computed (a maxPrice of its own)', await load((term, n) => get(`q=${encodeURIComponent(term)}&limit=${limit}&maxPrice=${MAX_PRICE_FILTER - n}`)));
} finally {
  await api.stop();
}

// 3. The baseline: the old rule's SQL beside the new rule's, in this process, every reply computed.
handle = await open();
const db: Database = handle.db;

/** The old listProducts' search: the substring rule's condition and ranking, one page with its count. */
async function oldSearch(term: string) {
  const condition = searchCondition(term);
  const score = relevanceScore(term);
  const rows = await db
    .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(onSale, condition))
    .orderBy(...(score ? [desc(score), desc(sql`${products.stock} > 0`), desc(products.rating), asc(sql`${products.name} collate "C"`), asc(byId)] : [desc(products.createdAt)]))
    .limit(limit);
  return toProducts(
    db,
    rows.map(({ total: _, ...row }) => row),
  );
}

try {
  await searchContext(db);
  for (const term of terms) await oldSearch(term);
  report('in process, the old substring rule', await load(async (term) => (await oldSearch(term), true)));
  const newRule = async (term: string) => (await listProducts(db, { q: term, limit, page: 1, sortOrder: 'desc' }), true);
  searchWithSqlOnly(db, true);
  report('in process, the new rule as SQL', await load(newRule));
  searchWithSqlOnly(db, false);
  await searchIndexReady(db);
  report('in process, the new rule from the index', await load(newRule));
} finally {
  await handle.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  await created?.drop();
}
console.log(`load average at the end: ${loadavg()[0].toFixed(1)} (other work on the machine slows every figure)`);
