/**
 * Losing the database connection in the middle of a request (PostgreSQL restarted or failed over,
 * an administrator's pg_terminate_backend, a network cut) is not the request's fault: run the work
 * once more, on a fresh connection from the pool, instead of answering 500.
 *
 *   const placement = await withConnectionRetry(() => placeOrder(db, input), { retry: input.idempotencyKey !== undefined });
 *
 * The contract the caller keeps: `work` must be safe to run again after a lost connection. A lost
 * connection leaves it unknown whether a COMMIT that was on its way reached the server, so a retry
 * may follow a transaction that did commit. Work is safe when running it again finds what the first
 * run did (an Idempotency-Key replays its order), or when it only reads. Otherwise pass
 * `retry: false` and the error goes up unchanged (the API answers a clean 500).
 *
 * node-postgres's pool drops a client whose connection died (pg-pool checks `_queryable` on
 * release), so the second run gets a new connection.
 */
import { log } from '#server/monitoring/log.ts';

/** SQLSTATEs meaning the server ended the session: admin_shutdown, crash_shutdown, cannot_connect_now; class 08 is connection_exception. */
const LOST_CODES = new Set(['57P01', '57P02', '57P03']);
/** What node-postgres and Node's sockets throw when the connection is gone (drizzle wraps them; see `causes`). */
const LOST_MESSAGES = [
  'Connection terminated',
  'Client was closed and is not queryable',
  'Client has encountered a connection error and is not queryable',
  'terminating connection due to administrator command',
];
const LOST_ERRNOS = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ETIMEDOUT']);

function* causes(err: unknown): Generator<unknown> {
  for (let e = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

/** True when `err` (or an error it wraps) says the connection to the database was lost. */
export function isConnectionLost(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e !== 'object' || e === null) continue;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08') || LOST_ERRNOS.has(code))) return true;
    if (typeof message === 'string' && LOST_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

export interface ConnectionRetryOptions {
  /** False: never run again (work that is not safe to repeat). Default true. */
  retry?: boolean;
  /** Runs after the first (default 1). */
  retries?: number;
  /** Told about each lost connection that is retried (default: the log). */
  onRetry?: (err: unknown, attempt: number) => void;
}

export async function withConnectionRetry<T>(work: () => Promise<T>, options: ConnectionRetryOptions = {}): Promise<T> {
  const retries = options.retry === false ? 0 : (options.retries ?? 1);
  const onRetry = options.onRetry ?? ((err, attempt) => log.warn(`Database connection lost (${(err as Error)?.message ?? err}); running the request again (retry ${attempt}).`));
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= retries || !isConnectionLost(err)) throw err;
      onRetry(err, attempt + 1);
    }
  }
}
