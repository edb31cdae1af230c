/**
 * `npm start` runs the store in a worker process under a small primary (node:cluster), so that a
 * store that dies anyway (out of memory, an uncaught error, a kill) is back within moments:
 *
 * - The worker reports `ready` once it serves. If the first one exits before that, or any exits
 *   with REFUSED_EXIT_CODE, the store did not start (the embedded database is held by another
 *   store, the port is taken, the build failed with nothing to serve): the worker has said why,
 *   and the primary exits with its code; it never loops on a refusal.
 * - A worker that dies after it was ready is logged (its exit code or signal, and the fatal error
 *   it reported, if any) and started again at once. A worker that dies again within 10 s of
 *   its start waits first: 1 s, 2 s, 4 s … up to 30 s, so a crash loop does not spin the CPU.
 * - SIGINT or SIGTERM to the primary stops the workers cleanly (server, then database) and then
 *   the primary; a Ctrl-C in a terminal reaches all, and none is left behind.
 * - With WORKERS=N there are N workers on the one port; each is watched as above.
 * - A worker asked for the metrics asks the primary, which sums every worker's (monitoring/metrics.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import { log as logger } from '#server/monitoring/log.ts';
import { clusterMetricsText, type MetricsAnswer, type MetricsRequest } from '#server/monitoring/metrics.ts';

/**
 * Pages rebuilt after a catalogue change, as the lead serves them over the site while it moves them
 * in (src/server/static.ts, SiteOverlay): the other workers serve them too, from the same moment.
 */
export interface SharedOverlay {
  dir: string;
  gone: string[];
}

/** What the worker tells the primary. */
export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'fatal'; message: string }
  /** The lead: serve this overlay (null: no more); answered by `overlay-shared` once every worker does. */
  | { kind: 'overlay'; id: number; overlay: SharedOverlay | null }
  /** Any other worker: it serves the overlay `id` asked for. */
  | { kind: 'overlay-applied'; id: number }
  /** Every worker's figures, summed: answered with a `metrics` message of the same id. */
  | MetricsRequest;

/** What the primary tells a worker. */
export type PrimaryMessage = { kind: 'overlay'; id: number; overlay: SharedOverlay | null } | { kind: 'overlay-shared'; id: number } | MetricsAnswer;

/** How long the lead waits for the other workers to take an overlay before it goes on regardless. */
export const OVERLAY_WAIT_MS = 2000;

/** Exit code of a worker that refused to start: the primary passes it on and does not restart. */
export const REFUSED_EXIT_CODE = 3;

/** A worker that lived less than this before dying counts as a quick crash (back-off). */
export const QUICK_CRASH_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;

/** How the exit reads in the log: `signal SIGKILL`, `exit code 1`, `signal SIGABRT (out of memory?)`. */
export function exitReason(code: number | null, signal: string | null, fatal?: string): string {
  const how = signal ? `signal ${signal}${signal === 'SIGABRT' ? ' (out of memory?)' : ''}` : `exit code ${code}`;
  return fatal ? `${how}: ${fatal}` : how;
}

/** The wait before the next start, given how many quick crashes came one after another. */
export function backoffMs(quickCrashes: number): number {
  return quickCrashes <= 1 ? 0 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (quickCrashes - 2));
}

export interface SuperviseOptions {
  /** How many store processes serve the port (WORKERS); the first also seeds, builds and draws. */
  workers?: number;
  log?: (line: string) => void;
}

/** The environment variable that tells a worker its slot: 0 is the lead, 1 … N-1 only serve. */
export const WORKER_SLOT_ENV = 'KIRYANA_WORKER_SLOT';

/** In a worker: its slot (0, the lead, when run outside a supervisor). */
export function workerSlot(env: NodeJS.ProcessEnv = process.env): number {
  const slot = Number(env[WORKER_SLOT_ENV] ?? 0);
  return Number.isInteger(slot) && slot >= 0 ? slot : 0;
}

/**
 * Runs `script` (the store's start script) as supervised workers; this process becomes their
 * primary. The lead (slot 0) starts first: it seeds and builds; once it serves, the others start
 * and serve the same port (node:cluster hands each new connection to the next worker in turn).
 * Each slot is started again on its own when its process dies, with its own back-off.
 */
export function supervise(script: string, { workers = 1, log = (line) => logger.info(line) }: SuperviseOptions = {}): void {
  // The worker runs the start script itself, even when the primary was started by another script
  // (the e2e server imports start.ts), with the environment the primary has now.
  cluster.setupPrimary({ exec: script });
  let stopping = false;
  const slots = Array.from({ length: workers }, () => ({ worker: undefined as Worker | undefined, quickCrashes: 0, everReady: false }));
  let allReady = false;

  const stopAll = (code: number) => {
    stopping = true;
    const alive = slots.map((s) => s.worker).filter((w): w is Worker => !!w && !w.isDead());
    if (alive.length === 0) process.exit(code);
    let left = alive.length;
    for (const worker of alive) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(code);
      });
      worker.process.kill('SIGTERM');
    }
  };

  /** The workers yet to confirm each overlay being shared, by the overlay's id. */
  const applied = new Map<number, (worker: Worker) => void>();
  /** Passes the lead's overlay to every other worker that serves; tells the lead once all do (or after OVERLAY_WAIT_MS). */
  const shareOverlay = (lead: Worker, id: number, overlay: SharedOverlay | null) => {
    const others = new Set(slots.map((s) => s.worker).filter((w): w is Worker => !!w && w !== lead && !w.isDead() && w.isConnected()));
    const done = () => {
      clearTimeout(timer);
      applied.delete(id);
      if (lead.isConnected()) lead.send({ kind: 'overlay-shared', id } satisfies PrimaryMessage);
    };
    const timer = setTimeout(done, OVERLAY_WAIT_MS);
    applied.set(id, (worker) => {
      others.delete(worker);
      if (others.size === 0) done();
    });
    if (others.size === 0) return done();
    for (const worker of others) worker.send({ kind: 'overlay', id, overlay } satisfies PrimaryMessage);
  };

  const start = (index: number) => {
    const slot = slots[index];
    const startedAt = Date.now();
    let fatal: string | undefined;
    const worker = cluster.fork({ [WORKER_SLOT_ENV]: String(index) });
    slot.worker = worker;
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') {
        const first = !slot.everReady;
        slot.everReady = true;
        log(`▸ Store process ${worker.process.pid} is serving (supervised by ${process.pid}).`);
        // The lead is ready the first time: the site is built, so the others can serve it.
        if (index === 0 && first) for (let i = 1; i < workers; i++) start(i);
        if (!allReady && slots.every((s) => s.everReady)) {
          allReady = true;
          if (workers > 1) log(`▸ ${workers} store processes serve the port.`);
        }
      } else if (message.kind === 'fatal') fatal = message.message;
      else if (message.kind === 'overlay') shareOverlay(worker, message.id, message.overlay);
      else if (message.kind === 'overlay-applied') applied.get(message.id)?.(worker);
      else if (message.kind === 'metrics') {
        const answer = (reply: MetricsAnswer) => worker.isConnected() && worker.send(reply);
        clusterMetricsText().then(
          (text) => answer({ kind: 'metrics', id: message.id, text }),
          (err: unknown) => answer({ kind: 'metrics', id: message.id, error: String(err) }),
        );
      }
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      if (code === REFUSED_EXIT_CODE || !slot.everReady) {
        // Refused, or failed before it ever served: the worker said why, and a restart would say it again.
        return stopAll(code === 0 ? 1 : (code ?? 1));
      }
      slot.quickCrashes = Date.now() - startedAt < QUICK_CRASH_MS ? slot.quickCrashes + 1 : 1;
      const wait = backoffMs(slot.quickCrashes);
      log(`✗ The store process ${worker.process.pid} stopped (${exitReason(code, signal, fatal)}). Starting it again${wait ? ` in ${wait / 1000} s` : ''}…`);
      setTimeout(() => {
        if (!stopping) start(index);
      }, wait);
    });
  };

  const stop = () => {
    if (!stopping) stopAll(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  start(0);
}

/** In the worker: tell the primary about a fatal error before the process dies of it. */
export function reportFatal(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  process.send?.({ kind: 'fatal', message } satisfies WorkerMessage);
}

let overlays = 0;

/**
 * In the lead: has every other worker serve `overlay` (null: none), as the lead does; resolves once
 * they all do, at once when the lead runs alone.
 */
export function shareOverlay(overlay: SharedOverlay | null): Promise<void> {
  if (!process.send || !cluster.isWorker) return Promise.resolve();
  const id = ++overlays;
  return new Promise((done) => {
    const onMessage = (message: PrimaryMessage) => {
      if (message.kind !== 'overlay-shared' || message.id !== id) return;
      process.off('message', onMessage);
      done();
    };
    process.on('message', onMessage);
    process.send!({ kind: 'overlay', id, overlay } satisfies WorkerMessage);
  });
}

/** In a worker beside the lead: serves the overlays the lead shares, and says so. */
export function followOverlays(serve: (overlay: SharedOverlay | null) => void): void {
  process.on('message', (message: PrimaryMessage) => {
    if (message.kind !== 'overlay') return;
    serve(message.overlay);
    process.send?.({ kind: 'overlay-applied', id: message.id } satisfies WorkerMessage);
  });
}
