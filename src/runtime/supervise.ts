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
 *
 * The primary holds the port itself: it accepts each connection without reading a byte and hands
 * it to a worker that serves (in turn, with WORKERS). While none does (the first start, a worker
 * started again after a crash, a restart on the embedded database) connections wait at the primary,
 * at most MAX_WAITING of them, each at most WAIT_LIMIT_MS, instead of being refused.
 *
 * SIGHUP (`npm run restart`) replaces the workers one by one with the code on disk: the primary
 * stops handing connections to the old one and tells it to drain (its requests are answered, with
 * `Connection: close`; src/server/main.ts); once it has closed its database and exited, the new one
 * starts; the next slot is replaced when the new one serves. Meanwhile the other workers, or the
 * primary's waiting list, take the connections: none is refused. The primary itself keeps its code:
 * a change to this file needs a stop and a start.
 */
import cluster, { type Worker } from 'node:cluster';
import { closeSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket, type AddressInfo } from 'node:net';
import { log as logger } from '#server/monitoring/log.ts';
import { clusterMetricsText, countProcessExit, watchWaitingConnections, type MetricsAnswer, type MetricsRequest } from '#server/monitoring/metrics.ts';

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
  /** It takes connections from now on. */
  | { kind: 'serving' }
  /** It has the connection `id` (the primary closes its copy). */
  | { kind: 'adopted'; id: number }
  /** It is ready: the lead has built the site, so the other workers may start. */
  | { kind: 'ready' }
  | { kind: 'fatal'; message: string }
  /** The lead: serve this overlay (null: no more); answered by `overlay-shared` once every worker does. */
  | { kind: 'overlay'; id: number; overlay: SharedOverlay | null }
  /** Any other worker: it serves the overlay `id` asked for. */
  | { kind: 'overlay-applied'; id: number }
  /** Every worker's figures, summed: answered with a `metrics` message of the same id. */
  | MetricsRequest;

/** What the primary tells a worker. */
export type PrimaryMessage =
  | { kind: 'overlay'; id: number; overlay: SharedOverlay | null }
  | { kind: 'overlay-shared'; id: number }
  | MetricsAnswer
  /** Sent with a connection's socket: serve it, and say so. */
  | { kind: 'connection'; id: number }
  /** Take no more connections, let the ones open go, then close and exit (a restart). */
  | { kind: 'drain' };

/** Connections that may wait at the primary while no worker serves; more are closed at once. */
export const MAX_WAITING = 1024;
/** The longest a connection waits at the primary for a worker; then it is closed. */
export const WAIT_LIMIT_MS = 30_000;
/** How long a draining worker has to exit before it is killed (its own limit, src/server/main.ts, is 90 s). */
const DRAIN_KILL_MS = 120_000;

/**
 * Whether this process ran in a terminal that is gone (SIGHUP then means the terminal was closed,
 * not `npm run restart`): its controlling terminal can no longer be opened.
 */
export function terminalClosed(): boolean {
  if (!process.stdin.isTTY && !process.stdout.isTTY) return false;
  try {
    closeSync(openSync('/dev/tty', 'r'));
    return false;
  } catch {
    return true;
  }
}

/** What the primary says when it cannot have the port. */
export function portRefusal(err: NodeJS.ErrnoException, port: number, host: string): string {
  return err.code === 'EADDRINUSE' ? `Port ${port} on ${host} is in use by another program. Stop it, or start the store on another PORT.` : `The store cannot listen on ${host}:${port}: ${err.message}`;
}

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
  /** The port the primary listens on (0: any free one); the workers are told the one it got. */
  port: number;
  host: string;
  /** Given the port: where the primary writes its process id for `npm run restart` (removed at exit). */
  pidFile?: (port: number) => string;
  /** After each restart, with the port and how long it took (`npm run restart` waits for it). */
  onRestarted?: (port: number, seconds: number) => void;
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
export function supervise(script: string, { workers = 1, port, host, pidFile, onRestarted, log = (line) => logger.info(line) }: SuperviseOptions): void {
  // The worker runs the start script itself, even when the primary was started by another script
  // (the e2e server imports start.ts), with the environment the primary has now.
  cluster.setupPrimary({ exec: script });
  let stopping = false;
  const slots = Array.from({ length: workers }, () => ({
    worker: undefined as Worker | undefined,
    quickCrashes: 0,
    everReady: false,
    /** Replaced by a restart at least once: a refusal from now on is a crash, the other workers serve on. */
    restarted: false,
    /** The restart waiting for this slot's new worker to serve. */
    whenServing: undefined as (() => void) | undefined,
  }));
  let allReady = false;
  let boundPort = port;
  let writtenPidFile: string | undefined;

  // Connections: accepted here, unread, and handed to a worker that serves. The primary keeps its
  // own copy of each until the worker says it has it: a worker that dies before (killed an instant
  // after it was chosen) has its connections handed to the next one, never lost or left hanging.
  const serving = new Set<Worker>();
  const waiting: { socket: Socket; since: number }[] = [];
  const unconfirmed = new Map<Worker, Map<number, Socket>>();
  let turn = 0;
  let handed = 0;
  const handOver = (socket: Socket): void => {
    if (socket.destroyed) return;
    const targets = [...serving];
    if (targets.length === 0) {
      if (waiting.length >= MAX_WAITING) socket.destroy();
      else waiting.push({ socket, since: Date.now() });
      return;
    }
    const worker = targets[turn++ % targets.length];
    if (!worker.isConnected()) {
      // Died a moment ago, its exit not yet seen: the connection goes to another, or waits.
      serving.delete(worker);
      return handOver(socket);
    }
    const id = ++handed;
    const sent = unconfirmed.get(worker) ?? new Map<number, Socket>();
    unconfirmed.set(worker, sent);
    sent.set(id, socket);
    worker.send({ kind: 'connection', id } satisfies PrimaryMessage, socket, { keepOpen: true }, (err: Error | null) => {
      if (!err || !sent.delete(id)) return;
      serving.delete(worker);
      handOver(socket);
    });
  };
  /** The worker has the connection `id`: the primary's copy is closed (the connection stays open in the worker). */
  const confirmed = (worker: Worker, id: number) => {
    const sent = unconfirmed.get(worker);
    const socket = sent?.get(id);
    sent?.delete(id);
    socket?.destroy();
  };
  /** The connections a worker that exited never said it had: to the next worker. */
  const handAgain = (worker: Worker) => {
    const sent = unconfirmed.get(worker);
    unconfirmed.delete(worker);
    for (const socket of sent?.values() ?? []) {
      if (stopping) socket.destroy();
      else handOver(socket);
    }
  };
  const handWaiting = () => {
    while (waiting.length > 0 && serving.size > 0) handOver(waiting.shift()!.socket);
  };
  const listener = createServer({ pauseOnConnect: true }, (socket) => {
    socket.on('error', () => socket.destroy());
    handOver(socket);
  });
  watchWaitingConnections(() => waiting.length);
  const sweep = setInterval(() => {
    const late = Date.now() - WAIT_LIMIT_MS;
    while (waiting.length > 0 && waiting[0].since < late) waiting.shift()!.socket.destroy();
  }, 1000).unref();

  const exit = (code: number) => {
    clearInterval(sweep);
    listener.close();
    for (const { socket } of waiting.splice(0)) socket.destroy();
    process.exit(code);
  };
  process.on('exit', () => {
    if (writtenPidFile) rmSync(writtenPidFile, { force: true });
  });

  const stopAll = (code: number) => {
    stopping = true;
    const alive = slots.map((s) => s.worker).filter((w): w is Worker => !!w && !w.isDead());
    if (alive.length === 0) exit(code);
    let left = alive.length;
    for (const worker of alive) {
      worker.once('exit', () => {
        if (--left === 0) exit(code);
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

  /** Workers told to drain by a restart: their exit is expected, and their slot starts again at once. */
  const draining = new Set<Worker>();

  const start = (index: number) => {
    const slot = slots[index];
    const startedAt = Date.now();
    let fatal: string | undefined;
    const worker = cluster.fork({ [WORKER_SLOT_ENV]: String(index), PORT: String(boundPort) });
    slot.worker = worker;
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'adopted') confirmed(worker, message.id);
      else if (message.kind === 'serving') {
        serving.add(worker);
        handWaiting();
        slot.whenServing?.();
        slot.whenServing = undefined;
      } else if (message.kind === 'ready') {
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
      serving.delete(worker);
      handAgain(worker);
      if (stopping) return;
      if (draining.delete(worker)) {
        countProcessExit('replaced');
        if (code !== 0) log(`✗ The store process ${worker.process.pid} being replaced stopped with ${exitReason(code, signal, fatal)}.`);
        return start(index);
      }
      if (!slot.everReady || (code === REFUSED_EXIT_CODE && !slot.restarted)) {
        // Refused, or failed before it ever served: the worker said why, and a restart would say it again.
        return stopAll(code === 0 ? 1 : (code ?? 1));
      }
      countProcessExit('crash');
      slot.quickCrashes = Date.now() - startedAt < QUICK_CRASH_MS ? slot.quickCrashes + 1 : 1;
      const wait = backoffMs(slot.quickCrashes);
      log(`✗ The store process ${worker.process.pid} stopped (${exitReason(code, signal, fatal)}). Starting it again${wait ? ` in ${wait / 1000} s` : ''}…`);
      setTimeout(() => {
        if (!stopping) start(index);
      }, wait);
    });
  };

  /** Replaces one slot's worker: the old one drains and exits, the new one starts; resolves when it serves. */
  const replace = (index: number) =>
    new Promise<void>((done) => {
      const slot = slots[index];
      slot.restarted = true;
      slot.whenServing = done;
      const old = slot.worker;
      // A worker that died is being started again already (after its back-off): wait for it.
      if (!old || old.isDead()) return;
      serving.delete(old);
      draining.add(old);
      old.send({ kind: 'drain' } satisfies PrimaryMessage);
      const kill = setTimeout(() => old.process.kill('SIGKILL'), DRAIN_KILL_MS);
      old.once('exit', () => clearTimeout(kill));
    });

  let restarting = false;
  let again = false;
  const restart = async () => {
    if (stopping || !allReady) return log('▸ A restart was asked for while the store is starting or stopping: not now.');
    if (restarting) {
      again = true;
      return log('▸ A restart is under way: another follows it.');
    }
    restarting = true;
    do {
      again = false;
      const began = performance.now();
      log(`▸ Restarting the store processes one by one (${workers === 1 ? 'one' : workers}): connections wait for the new ${workers === 1 ? 'one' : 'ones'} meanwhile…`);
      for (let index = 0; index < slots.length && !stopping; index++) await replace(index);
      if (stopping) break;
      const seconds = (performance.now() - began) / 1000;
      log(`▸ Restart done in ${seconds.toFixed(1)} s: every store process runs the code on disk now.`);
      onRestarted?.(boundPort, seconds);
    } while (again && !stopping);
    restarting = false;
  };

  const stop = () => {
    if (!stopping) stopAll(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', () => {
    // The terminal it ran in was closed: that is a stop, not a restart.
    if (terminalClosed()) return stop();
    void restart();
  });
  listener.once('error', (err: NodeJS.ErrnoException) => {
    logger.error(`✗ ${portRefusal(err, port, host)}`);
    process.exit(REFUSED_EXIT_CODE);
  });
  listener.listen(port, host, () => {
    boundPort = (listener.address() as AddressInfo).port;
    if (pidFile) {
      writtenPidFile = pidFile(boundPort);
      writeFileSync(writtenPidFile, `${process.pid}\n`, { mode: 0o600 });
    }
    start(0);
  });
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

/**
 * In a worker: serves the connections the primary hands over (`adopt`) and, told to, drains them
 * and ends (`drainAndExit`); says it serves. A SIGHUP is the primary's to act on: ignored here.
 */
export function takeConnections(adopt: (socket: Socket) => void, drainAndExit: () => Promise<void>): void {
  process.on('message', (message: PrimaryMessage, handle?: unknown) => {
    if (message.kind === 'connection' && handle instanceof Socket) {
      adopt(handle);
      process.send?.({ kind: 'adopted', id: message.id } satisfies WorkerMessage);
    }
    else if (message.kind === 'drain') void drainAndExit();
  });
  process.on('SIGHUP', () => {});
  process.send?.({ kind: 'serving' } satisfies WorkerMessage);
}

/** In a worker beside the lead: serves the overlays the lead shares, and says so. */
export function followOverlays(serve: (overlay: SharedOverlay | null) => void): void {
  process.on('message', (message: PrimaryMessage) => {
    if (message.kind !== 'overlay') return;
    serve(message.overlay);
    process.send?.({ kind: 'overlay-applied', id: message.id } satisfies WorkerMessage);
  });
}
