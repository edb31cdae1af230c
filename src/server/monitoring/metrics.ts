/**
 * The store's figures in Prometheus's text format (prom-client), for the operator's scraper
 * (routes/metrics.ts serves them; docs/operations.md names each one). One registry a process:
 *
 * - requests: a latency histogram by method, route pattern and status (the pattern, never the raw
 *   path, so the labels stay few whatever clients ask for);
 * - orders placed, and refused by reason; per-client limit refusals by limit;
 * - site builds and their seconds; the catalogue reply cache and the search index;
 * - the PostgreSQL pools' connections (total, idle, waiting); the embedded database has no queue
 *   to read, so it has none;
 * - Node's own figures (event-loop delay, memory, CPU, handles) from prom-client's defaults.
 *
 * Under `npm start`'s supervisor (node:cluster) a scrape reaches one worker, which asks the primary;
 * the primary sums every worker's figures (prom-client's AggregatorRegistry) and answers. One scrape
 * thus sees the whole store, whichever worker it reached, and needs no per-worker target.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { listBackups } from '#server/backup/backup.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** What a worker asks the primary for, and what the primary answers (src/runtime/supervise.ts). */
export type MetricsRequest = { kind: 'metrics'; id: number };
export type MetricsAnswer = { kind: 'metrics'; id: number; text?: string; error?: string };

// In a worker, prom-client answers the primary's requests for its figures once an AggregatorRegistry exists.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

const requestSeconds = new Histogram({
  name: 'kiryana_http_request_duration_seconds',
  help: 'Requests by method, route pattern and status, with the seconds until the reply began.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** One request answered: `route` is a pattern (`/api/products/:id`) or a fixed name (`(site)`). */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  requestSeconds.observe({ method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) }, seconds);
}

const ordersPlaced = new Counter({ name: 'kiryana_orders_placed_total', help: 'Orders placed (a replayed order is not counted again).', registers: [registry] });
const ordersRefused = new Counter({
  name: 'kiryana_orders_refused_total',
  help: 'Orders refused, by reason: invalid, signed_out, out_of_stock, short, unavailable, price_changed, key_reused, limit, other, error.',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const countOrderPlaced = () => ordersPlaced.inc();
export const countOrderRefused = (reason: string) => ordersRefused.inc({ reason });

const limitRefusals = new Counter({
  name: 'kiryana_limit_refusals_total',
  help: 'Requests a per-client limit refused, by limit name.',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export const countLimitRefusal = (limit: string) => limitRefusals.inc({ limit });

const builds = new Counter({
  name: 'kiryana_site_builds_total',
  help: 'Site builds by kind (full, changed pages) and outcome (built, failed).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});
const buildSeconds = new Histogram({
  name: 'kiryana_site_build_seconds',
  help: 'Seconds a successful site build took, by kind.',
  labelNames: ['kind'] as const,
  buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
  registers: [registry],
});

export function countSiteBuild(kind: 'full' | 'changed', seconds: number): void {
  builds.inc({ kind, outcome: 'built' });
  buildSeconds.observe({ kind }, seconds);
}
export const countSiteBuildFailure = () => builds.inc({ kind: 'any', outcome: 'failed' });

const catalogueReplies = new Counter({
  name: 'kiryana_catalogue_cache_replies_total',
  help: 'Catalogue replies by where they came from: memory (hit, before routing or by the route) or the database (miss, then kept while current).',
  labelNames: ['from'] as const,
  registers: [registry],
});
const fromMemory = catalogueReplies.labels({ from: 'memory' });
const fromDatabase = catalogueReplies.labels({ from: 'database' });
/** One catalogue reply, from memory (`hit`) or read from the database. */
export const countCatalogueReply = (hit: boolean) => (hit ? fromMemory : fromDatabase).inc();

const searchesByIndex = new Counter({ name: 'kiryana_search_index_answers_total', help: 'Searches the in-memory index answered (the SQL answered the others).', registers: [registry] });
export const countSearchByIndex = () => searchesByIndex.inc();

/** The catalogue caches of this process (one a database), held weakly: a closed database's goes. */
const catalogueCaches = new Set<WeakRef<{ stats(): { entries: number; bytes: number } }>>();
const sumCaches = (field: 'entries' | 'bytes') => {
  let sum = 0;
  for (const ref of catalogueCaches) {
    const cache = ref.deref();
    if (cache) sum += cache.stats()[field];
    else catalogueCaches.delete(ref);
  }
  return sum;
};
new Gauge({ name: 'kiryana_catalogue_cache_entries', help: 'Replies the catalogue cache holds.', registers: [registry], collect() { this.set(sumCaches('entries')); } });
new Gauge({ name: 'kiryana_catalogue_cache_bytes', help: 'Memory the catalogue cache holds, about.', registers: [registry], collect() { this.set(sumCaches('bytes')); } });

/** Has a catalogue cache's size read at each scrape. */
export function watchCatalogueSize(cache: { stats(): { entries: number; bytes: number } }): void {
  catalogueCaches.add(new WeakRef(cache));
}

/** What pg's Pool tells of its connections. */
export interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pools = new Map<PoolFigures, string>();
const poolGauge = (name: string, help: string, field: keyof PoolFigures) =>
  new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, label] of pools) this.inc({ pool: label }, pool[field]);
    },
  });
poolGauge('kiryana_db_pool_connections', 'PostgreSQL connections open, by pool (main, counters).', 'totalCount');
poolGauge('kiryana_db_pool_idle_connections', 'PostgreSQL connections open and idle, by pool.', 'idleCount');
poolGauge('kiryana_db_pool_waiting_requests', 'Queries waiting for a PostgreSQL connection, by pool.', 'waitingCount');

/** Has a PostgreSQL pool's figures read at each scrape; the returned function stops it (the pool closed). */
export function watchPool(label: string, pool: PoolFigures): () => void {
  pools.set(pool, label);
  return () => pools.delete(pool);
}

/** The folder whose newest backup's age is told (npm start's BACKUP_DIR); unset: no such figure. */
let backupDir: string | undefined;
/**
 * The age of the newest backup, read at each scrape. Under the supervisor the primary tells it
 * (clusterMetricsText) and the workers' are left out of the sum: their figures reach the primary
 * as JSON, where +Inf (no backup) would arrive as null and read as 0, a fresh backup.
 */
const backupAgeGauge = (registers: Registry[], aggregator: 'omit' | 'first') =>
  new Gauge({
    name: 'kiryana_backup_age_seconds',
    help: 'Seconds since the newest backup in BACKUP_DIR was taken (+Inf: there is none; NaN: not a store started by npm start).',
    aggregator,
    registers,
    async collect() {
      if (!backupDir) return this.set(NaN);
      const [newest] = await listBackups(backupDir).catch(() => []);
      this.set(newest ? Math.max(0, (Date.now() - newest.takenAt.getTime()) / 1000) : Infinity);
    },
  });
backupAgeGauge([registry], 'omit');

/** Has the age of the newest backup in `dir` read at each scrape. */
export function watchBackups(dir: string): void {
  backupDir = dir;
}

/** How long the primary may take to gather every worker's figures. */
const CLUSTER_WAIT_MS = 6000;
let asked = 0;

/** The figures in Prometheus's text format: this process's, or under the supervisor, every worker's summed. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = ++asked;
  return await new Promise<string>((done, failed) => {
    const timer = setTimeout(() => finish(new Error('The supervisor did not answer in time.')), CLUSTER_WAIT_MS);
    const onMessage = (message: MetricsAnswer) => {
      if (message?.kind === 'metrics' && message.id === id) finish(message.error ? new Error(message.error) : undefined, message.text ?? '');
    };
    const finish = (err: Error | undefined, text = '') => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (err) failed(err);
      else done(text);
    };
    process.on('message', onMessage);
    process.send!({ kind: 'metrics', id } satisfies MetricsRequest);
  });
}

/** The Content-Type of metricsText's reply. */
export const METRICS_CONTENT_TYPE = registry.contentType;

let aggregator: AggregatorRegistry<typeof Registry.PROMETHEUS_CONTENT_TYPE> | undefined;

/**
 * The primary's own figures (npm start's supervisor): the backup's age, its store processes'
 * exits, and the connections waiting for one to serve.
 */
const primaryRegistry = new Registry();
backupAgeGauge([primaryRegistry], 'first');
const processExits = new Counter({
  name: 'kiryana_store_process_exits_total',
  help: "Store processes that ended under npm start's supervisor, by reason: crash (died, started again), replaced (a restart).",
  labelNames: ['reason'] as const,
  registers: [primaryRegistry],
});
let waitingNow = () => 0;
new Gauge({
  name: 'kiryana_connections_waiting',
  help: 'Connections waiting at the supervisor for a store process to serve (while one starts).',
  registers: [primaryRegistry],
  collect() {
    this.set(waitingNow());
  },
});
/** In the primary: a store process ended. */
export const countProcessExit = (reason: 'crash' | 'replaced') => processExits.inc({ reason });
/** In the primary: how many connections wait now, read at each scrape. */
export function watchWaitingConnections(count: () => number): void {
  waitingNow = count;
}

/** In the primary: every worker's figures, summed (gauges as prom-client aggregates each), and the primary's own. */
export async function clusterMetricsText(): Promise<string> {
  aggregator ??= new AggregatorRegistry();
  const [workers, own] = await Promise.all([aggregator.clusterMetrics(), primaryRegistry.metrics()]);
  return `${workers.trimEnd()}\n${own}`;
}
