/**
 * What shoppers notice when the store restarts: the same load through three runs, one quiet, one
 * with restarts, one with crashes, and whether any acknowledged order was lost on the way.
 *
 *   npm run bench:restart -- [--database-url postgres://…] [--workers 2] [--clients 16] [--seconds 12]
 *     [--restarts 2] [--kills 2] [--restart-by hup|stop-start]
 *
 * For the embedded database always, and for PostgreSQL too with --database-url (in a fresh database
 * made on that server and dropped after; `WORKERS=--workers` there), it seeds the shop's own
 * catalogue (every product stocked so that orders never run out) and starts `npm start`'s script
 * as the tests of `npm start` do (src/server/test/seeded-store.ts, src/runtime/store-process.ts):
 * a hand-made page (a catalogue API that does not answer: no build), no backups of its own, and
 * this machine as a trusted proxy, so each guest order can come from a shopper address of its own
 * (X-Forwarded-For) and no guest budget is reached.
 *
 * The load: `--clients` loops, each over a keep-alive connection of its own (an undici Agent),
 * each request drawn from a shopper's mix in equal shares: the home page, /api/health, a category
 * page of products, one product, a search, and a guest order with its own Idempotency-Key. Every request records when it
 * started and ended and its outcome (the status, or the network error: no reply within 60 s is one);
 * a client whose request got no reply pauses 100 ms before its next, as a shopper retrying would.
 * Three runs of `--seconds` each (longer while their events need it, and 2 s past the last):
 *   A  nothing happens: the baseline;
 *   B  `--restarts` restarts, one after the other, a few seconds in: SIGHUP to the primary, which
 *      replaces its store processes one by one; each lasts from the signal to the primary's
 *      `Restart done in … s` line (`--restart-by stop-start`: the store stopped with SIGTERM and
 *      started again instead, as a store was restarted before its supervisor could replace its processes);
 *   C  `--kills` SIGKILLs of a serving store process, each after it has served longer than
 *      QUICK_CRASH_MS (an isolated crash, restarted at once: a crash loop waits, by design); each
 *      lasts from the kill to a new store process serving and a 200 from /api/health.
 *
 * Then, with the store stopped, every order acknowledged (2xx) in any run must be in the database.
 * Prints a table per database: requests, requests/s, failed (a network error or a 5xx), 4xx,
 * p50/p99 and the longest wait of any request, restart durations, kill-to-200 times; then the
 * failed requests grouped by when (during which restart or kill) and how they failed, with what was asked.
 * Exits with 1 when run B failed any request or an acknowledged order is missing.
 */
import { rm } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { Agent, request } from 'undici';
import { freePort, startStore, until, type Store } from '#runtime/store-process.ts';
import { processRuns } from '#runtime/pid-file.ts';
import { QUICK_CRASH_MS } from '#runtime/supervise.ts';
import { loadSeedCatalogue, type SeedData } from '#server/seed/index.ts';
import { seededStore } from '#server/test/seeded-store.ts';
import { plannedOrder, rng } from '#server/test/order-load.ts';
import { MAX_STOCK } from '#lib/schemas/product-rules.ts';
import { quantile } from './load/http-load.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    workers: { type: 'string', default: '2' },
    clients: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '12' },
    restarts: { type: 'string', default: '2' },
    kills: { type: 'string', default: '2' },
    'restart-by': { type: 'string', default: 'hup' },
  },
});
const whole = (name: keyof typeof values, min: number) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min} (it is '${values[name]}').`);
  return n;
};
const postgresUrl = values['database-url'];
const workers = whole('workers', 1);
const clients = whole('clients', 1);
const seconds = whole('seconds', 1);
const restarts = whole('restarts', 0);
const kills = whole('kills', 0);
const restartBy = values['restart-by'];
if (restartBy !== 'hup' && restartBy !== 'stop-start') throw new Error(`--restart-by is hup or stop-start (it is '${restartBy}').`);

const sleep = (ms: number) => new Promise((d) => setTimeout(d, ms));
/** The primary's lines that frame a restart (src/runtime/supervise.ts). */
const RESTART_DONE = /Restart done in ([\d.]+) s/g;
const SERVING = /Store process (\d+) is serving/g;
/** A client's pause after a request that got no reply. */
const RETRY_PAUSE_MS = 100;

/** The shop's own catalogue, every product stocked to the most a product may hold. */
async function stockedSeed(): Promise<SeedData> {
  const seed = await loadSeedCatalogue();
  return { ...seed, products: seed.products.map((p) => ({ ...p, stock: MAX_STOCK })) };
}

type Kind = 'page /' | 'health' | 'category' | 'product' | 'search' | 'order';
interface Sample {
  kind: Kind;
  /** ms from the run's start. */
  start: number;
  end: number;
  status?: number;
  /** The network error's code (ECONNRESET, UND_ERR_SOCKET …) when no reply came. */
  error?: string;
}
const failed = (s: Sample) => s.error !== undefined || s.status! >= 500;

/** A restart or kill within a run: from `at` to `until` (ms from the run's start). */
interface Event {
  what: string;
  at: number;
  until: number;
  /** The primary's own figure for a restart, seconds. */
  reported?: number;
}

interface RunResult {
  name: string;
  samples: Sample[];
  seconds: number;
  events: Event[];
}

const SEARCHES = ['milk', 'rice', 'chawal', 'shampoo', 'nescafe', 'cola', 'biscuits', 'pampars', 'tea', 'soap'];

async function benchDatabase(name: 'pglite' | 'postgres'): Promise<{ runs: RunResult[]; acknowledged: number; missing: string[]; inDatabase: number }> {
  const seed = await stockedSeed();
  const { root, env, open, drop } = await seededStore(name, seed, { workers: name === 'postgres' ? workers : 1, prefix: 'kiryana-bench-restart-', databaseUrl: postgresUrl });
  const processes = name === 'postgres' ? workers : 1;
  let store: Store | undefined;
  /** What the stores started before the current one printed (stop-start starts several). */
  let earlier = '';
  const output = () => earlier + (store?.output() ?? '');
  try {
    const origin = `http://127.0.0.1:${env.PORT}`;
    const servingPids = () => [...output().matchAll(SERVING)].map((m) => Number(m[1]));
    const healthy = async () => (await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined))?.status === 200;
    /** When each store process was first seen serving (ms, performance.now()). */
    const servedSince = new Map<number, number>();
    const noteServing = () => {
      for (const pid of servingPids()) if (!servedSince.has(pid)) servedSince.set(pid, performance.now());
    };
    const start = async () => {
      const before = servingPids().length;
      if (store) earlier += store.output();
      store = startStore(env);
      await until('the store serving', async () => (servingPids().length >= before + processes && (await healthy()) ? true : undefined), store);
      noteServing();
    };
    await start();

    const products = seed.products.filter((p) => p.onSale !== false);
    const orderable = { ...seed, products };
    const random = rng(33);
    const acknowledged = new Set<string>();

    /**
     * A client's next request, one of the six at random: a fixed cycle would fall into step across
     * the clients (every one asking for the home page at once, then every one ordering).
     */
    const nextRequest = (): { kind: Kind; method: 'GET' | 'POST'; path: string; key?: string; body?: string; client?: string } => {
      const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
      switch (Math.floor(random() * 6)) {
        case 0:
          return { kind: 'page /', method: 'GET', path: '/' };
        case 1:
          return { kind: 'health', method: 'GET', path: '/api/health' };
        case 2:
          return { kind: 'category', method: 'GET', path: `/api/products?category=${encodeURIComponent(pick(seed.categories)._id!)}&page=${1 + Math.floor(random() * 2)}&limit=12` };
        case 3:
          return { kind: 'product', method: 'GET', path: `/api/products/${encodeURIComponent(pick(products)._id)}` };
        case 4:
          return { kind: 'search', method: 'GET', path: `/api/products?q=${encodeURIComponent(pick(SEARCHES))}` };
        default: {
          const planned = plannedOrder(orderable, random);
          return { kind: 'order', method: 'POST', path: '/api/order/place', key: planned.key, body: JSON.stringify(planned.body), client: planned.client };
        }
      }
    };

    /** One run: the load for `seconds` (longer while `events` are still happening), and `events` beside it. */
    const run = async (runName: string, events: (t0: number, log: (e: Event) => void) => Promise<void>): Promise<RunResult> => {
      const samples: Sample[] = [];
      const happened: Event[] = [];
      const t0 = performance.now();
      let eventsDone = false;
      let endAt = t0 + seconds * 1000;
      const loop = async (c: number) => {
        // One keep-alive connection per client, as a shopper's browser holds one to the shop.
        const agent = new Agent({ connections: 1, keepAliveTimeout: 30_000, headersTimeout: 60_000, bodyTimeout: 60_000, connect: { timeout: 10_000 } });
        const shopper = `10.200.${c >> 8}.${c & 255}`;
        while (!eventsDone || performance.now() < endAt) {
          const r = nextRequest();
          const sample: Sample = { kind: r.kind, start: performance.now() - t0, end: 0 };
          try {
            const reply = await request(origin + r.path, {
              dispatcher: agent,
              method: r.method,
              headers: { 'x-forwarded-for': r.client ?? shopper, ...(r.body ? { 'content-type': 'application/json', 'idempotency-key': r.key! } : {}) },
              body: r.body,
            });
            const text = await reply.body.text();
            sample.status = reply.statusCode;
            if (r.kind === 'order' && reply.statusCode >= 200 && reply.statusCode < 300) {
              const number = (JSON.parse(text) as { order?: { orderNumber?: string } }).order?.orderNumber;
              if (number) acknowledged.add(number);
              else sample.error = 'acknowledged without an order number';
            }
          } catch (err) {
            const e = err as { code?: string; cause?: { code?: string }; message?: string };
            sample.error = e.code ?? e.cause?.code ?? e.message ?? String(err);
          }
          sample.end = performance.now() - t0;
          samples.push(sample);
          // A refused connection comes back at once: the client pauses before its next request, as a
          // shopper retrying would (and longer), so that a gap counts attempts, not a tight loop's spins.
          if (sample.error) await sleep(RETRY_PAUSE_MS);
        }
        await agent.close();
      };
      const loops = Array.from({ length: clients }, (_, c) => loop(c));
      try {
        await events(t0, (e) => happened.push(e));
      } finally {
        // The load goes on two seconds past the last event, and to the end of its time at least.
        endAt = Math.max(endAt, performance.now() + 2000);
        eventsDone = true;
      }
      await Promise.all(loops);
      console.log(`${name}: run ${runName} done, ${samples.length} requests.`);
      return { name: runName, samples, seconds: (performance.now() - t0) / 1000, events: happened };
    };
    const lead = Math.min(3000, (seconds * 1000) / 4);
    const since = (t0: number) => performance.now() - t0;

    const runs: RunResult[] = [];
    runs.push(await run('A baseline', async () => {}));

    runs.push(
      await run(restartBy === 'hup' ? 'B restart' : 'B stop-start', async (t0, log) => {
        await sleep(lead);
        for (let i = 0; i < restarts; i++) {
          if (i > 0) await sleep(2000);
          const at = since(t0);
          if (restartBy === 'hup') {
            const done = [...output().matchAll(RESTART_DONE)].length;
            store!.child.kill('SIGHUP');
            const figure = await until(
              'the restart done line',
              () => {
                if (store!.child.exitCode !== null || store!.child.signalCode !== null) throw new Error('The store stopped on SIGHUP instead of restarting its processes.');
                return [...output().matchAll(RESTART_DONE)][done]?.[1];
              },
              store!,
            );
            log({ what: `restart ${i + 1}`, at, until: since(t0), reported: Number(figure) });
          } else {
            await store!.stop();
            await start();
            log({ what: `stop-start ${i + 1}`, at, until: since(t0) });
          }
          noteServing();
        }
      }),
    );

    runs.push(
      await run('C kill', async (t0, log) => {
        await sleep(lead);
        let back = -Infinity;
        for (let i = 0; i < kills; i++) {
          noteServing();
          // The store process that has served longest, once it has served past QUICK_CRASH_MS and
          // as long after the last kill: an isolated crash each time, restarted at once.
          const [victim, serving] = [...servedSince].filter(([pid]) => processRuns(pid)).sort((a, b) => a[1] - b[1])[0];
          await sleep(Math.max(0, Math.max(serving, back) + QUICK_CRASH_MS + 500 - performance.now()));
          const seen = servingPids().length;
          const at = since(t0);
          process.kill(victim, 'SIGKILL');
          await until('a store process serving again', async () => (servingPids().length > seen && (await healthy()) ? true : undefined), store!);
          log({ what: `kill ${i + 1}`, at, until: since(t0) });
          back = performance.now();
          noteServing();
        }
      }),
    );

    await store!.stop();
    // Every acknowledged order, read back from the database the store wrote it to.
    const reopened = await open();
    let kept: Set<string>;
    try {
      const rows = (await reopened.db.execute(sql`select order_number from orders`)) as unknown as { rows: { order_number: string }[] };
      kept = new Set(rows.rows.map((r) => r.order_number));
    } finally {
      await reopened.close();
    }
    return { runs, acknowledged: acknowledged.size, missing: [...acknowledged].filter((n) => !kept.has(n)), inDatabase: kept.size };
  } catch (err) {
    // The end of what the store printed says why, its order mails left out.
    const lines = output().replace(/✉ Mail [^]*?✉ End of mail\n?/g, '').trimEnd().split('\n');
    console.error(`The store's last lines:\n${lines.slice(-30).join('\n')}`);
    throw err;
  } finally {
    await store?.stop();
    await drop();
    await rm(root, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Milliseconds as signed seconds: `+0.54`, `-0.02`. */
const signed = (v: number) => `${v < 0 ? '-' : '+'}${(Math.abs(v) / 1000).toFixed(2)}`;
const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)}` : '–');

function report(name: string, result: Awaited<ReturnType<typeof benchDatabase>>): boolean {
  const title = name === 'pglite' ? 'embedded database, 1 store process' : `PostgreSQL, WORKERS=${workers}`;
  console.log(`\n${title}: ${clients} clients, runs of ${seconds} s (${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the end)`);
  const header = ['run', 'requests', 'per s', 'failed', '4xx', 'p50 ms', 'p99 ms', 'longest wait ms', 'restarts s', 'kill to 200 ms'];
  const rows = result.runs.map((r) => {
    const waits = Float64Array.from(r.samples.map((s) => s.end - s.start)).sort();
    const restartsText = r.events.filter((e) => !e.what.startsWith('kill')).map((e) => (e.reported ?? (e.until - e.at) / 1000).toFixed(1));
    const killsText = r.events.filter((e) => e.what.startsWith('kill')).map((e) => ms(e.until - e.at));
    return [
      r.name,
      String(r.samples.length),
      (r.samples.length / r.seconds).toFixed(0),
      String(r.samples.filter(failed).length),
      String(r.samples.filter((s) => s.status !== undefined && s.status >= 400 && s.status < 500).length),
      ms(quantile(waits, 0.5)),
      ms(quantile(waits, 0.99)),
      ms(waits.at(-1) ?? NaN),
      restartsText.join(', ') || '–',
      killsText.join(', ') || '–',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));

  for (const r of result.runs) {
    // The failed requests by when (during which event) and how they failed, with what was asked.
    const groups = new Map<string, { kinds: Map<Kind, number>; first: number; last: number }>();
    for (const s of r.samples.filter(failed)) {
      const during = r.events.find((e) => s.start <= e.until && s.end >= e.at);
      const key = `${during ? `during ${during.what}` : 'outside any restart or kill'}, ${s.error ?? s.status}`;
      const offset = s.start - (during?.at ?? 0);
      const g = groups.get(key) ?? { kinds: new Map<Kind, number>(), first: offset, last: offset };
      g.kinds.set(s.kind, (g.kinds.get(s.kind) ?? 0) + 1);
      g.first = Math.min(g.first, offset);
      g.last = Math.max(g.last, offset);
      groups.set(key, g);
    }
    for (const [key, g] of groups) {
      const n = [...g.kinds.values()].reduce((a, b) => a + b, 0);
      const kinds = [...g.kinds].map(([kind, count]) => `${kind} ${count}`).join(', ');
      const from = key.startsWith('outside') ? 'into the run' : 'from its start';
      console.log(`  ${r.name} failed ${key}: ${n} (${kinds}), sent ${signed(g.first)} to ${signed(g.last)} s ${from}`);
    }
  }
  const missing = result.missing.length;
  // More in the database than acknowledged: orders placed whose reply was lost with a killed process.
  console.log(`Orders: ${result.acknowledged} acknowledged, ${result.inDatabase} in the database, ${missing} acknowledged and missing${missing ? `: ${result.missing.slice(0, 10).join(', ')}` : ''}.`);
  const restartFailed = result.runs.find((r) => r.name.startsWith('B'))!.samples.filter(failed).length;
  return restartFailed === 0 && missing === 0;
}

let ok = true;
for (const name of ['pglite', ...(postgresUrl ? ['postgres' as const] : [])] as const) {
  const result = await benchDatabase(name);
  ok = report(name, result) && ok;
}
if (!ok) {
  console.log('\n✗ A request failed across a restart, or an acknowledged order is missing.');
  process.exitCode = 1;
}
