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
 * - SIGINT or SIGTERM to the primary stops the worker cleanly (server, then database) and then
 *   the primary; a Ctrl-C in a terminal reaches both, and neither is left behind.
 */
import cluster, { type Worker } from 'node:cluster';

/** What the worker tells the primary. */
export type WorkerMessage = { kind: 'ready' } | { kind: 'fatal'; message: string };

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

/** Runs `script` (the store's start script) as a supervised worker; this process becomes its primary. */
export function supervise(script: string, log: (line: string) => void = (line) => console.log(line)): void {
  // The worker runs the start script itself, even when the primary was started by another script
  // (the e2e server imports start.ts), with the environment the primary has now.
  cluster.setupPrimary({ exec: script });
  let stopping = false;
  let quickCrashes = 0;
  let everReady = false;
  let current: Worker | undefined;

  const start = () => {
    const startedAt = Date.now();
    let fatal: string | undefined;
    const worker = cluster.fork();
    current = worker;
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'ready') {
        everReady = true;
        log(`▸ Store process ${worker.process.pid} is serving (supervised by ${process.pid}).`);
      } else if (message.kind === 'fatal') fatal = message.message;
    });
    worker.on('exit', (code, signal) => {
      if (stopping) {
        process.exit(0);
      }
      if (code === REFUSED_EXIT_CODE || !everReady) {
        // Refused, or failed before it ever served: the worker said why, and a restart would say it again.
        process.exit(code === 0 ? 1 : (code ?? 1));
      }
      quickCrashes = Date.now() - startedAt < QUICK_CRASH_MS ? quickCrashes + 1 : 1;
      const wait = backoffMs(quickCrashes);
      log(`✗ The store process ${worker.process.pid} stopped (${exitReason(code, signal, fatal)}). Starting it again${wait ? ` in ${wait / 1000} s` : ''}…`);
      setTimeout(start, wait);
    });
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (!current || current.isDead()) process.exit(0);
    current.process.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  start();
}

/** In the worker: tell the primary about a fatal error before the process dies of it. */
export function reportFatal(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  process.send?.({ kind: 'fatal', message } satisfies WorkerMessage);
}
