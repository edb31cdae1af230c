/**
 * Opens the catalogue database and brings its schema up to date.
 *
 * - `url` set (postgres://...): PostgreSQL through node-postgres, a pool shared by the process.
 * - `url` unset: embedded PGlite with its files in `dataDir` (default DEFAULT_DATA_DIR), or purely in
 *   memory with `memory://` (tests).
 *
 * PGlite is a single-process database: only one process may have a data directory open, and PGlite
 * itself does not enforce that. A lock file beside the directory (`<dataDir>.lock`, holding the
 * owner's pid and start time) does; opening a directory another live process holds throws `DatabaseLockedError`.
 * Stale locks (owner gone) are taken over. For several processes, use PostgreSQL.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_DATA_DIR } from '#server/config.ts';
import * as schema from './schema.ts';
import { pgliteListen, postgresListen, registerListen } from './notifications.ts';
import { pgliteObservers } from './prepared.ts';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Runs `work` in one transaction: every write it makes happens, or (when it throws) none does.
 * Inside a transaction it nests as a savepoint.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  // A transaction offers every query a database does; drizzle types it apart only for rollback().
  return db.transaction((tx) => work(tx as unknown as Database));
}

export interface OpenDatabaseOptions {
  /** postgres://... ; unset means embedded PGlite. */
  url?: string;
  /** PGlite data directory, or `memory://`. Default DEFAULT_DATA_DIR (config.ts). */
  dataDir?: string;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /**
   * Told the text of every statement as it goes to the database, one call a round trip (BEGIN and
   * COMMIT included): tests and benchmarks count a request's round trips with it.
   */
  onStatement?: (text: string) => void;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Where the data lives, for messages: the data dir, `memory://` or the URL without password. */
  location: string;
  /**
   * The same database, for writes a crash may lose without harm: the per-client limits' counters.
   * On PostgreSQL a small pool of its own whose commits do not wait for the disk
   * (synchronous_commit off), so counting a request costs no disk flush: a crash of the database
   * server may forget the counts of its last moments, never anything else, and every process sees
   * each count as soon as it commits, as before. On PGlite it is `db` itself. (The guest-order
   * count is the exception: the placement's own statement spends it, on `db`, in its one round trip.)
   */
  counters: Database;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export class DatabaseLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(`The embedded database in ${dataDir} is in use by another process (pid ${pid}).`);
    this.name = 'DatabaseLockedError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

/** Whether a process with this id exists (EPERM: another user's, which cannot be signalled but is there). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When `pid` started (clock ticks since boot, /proc/<pid>/stat field 22); undefined off Linux or when gone. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Data dirs this process holds open: its own pid in a lock means "mine" only for these. */
const heldHere = new Set<string>();

/**
 * Whether the lock's owner is still alive. A lock is `<pid> <start time>` (older ones: `<pid>`).
 * After a crash (SIGKILL, power cut) the lock stays behind, and its pid may since belong to another
 * process: in a container the store's restart often gets the very same pid. So the owner is alive
 * only if that pid runs and, when both are known, started when the lock says; and this process's
 * own pid counts only for a dir it holds itself (a second open in one process is refused too).
 */
function ownerAlive(dataDir: string, pid: number, startTime: string | undefined): boolean {
  if (pid === process.pid) return heldHere.has(dataDir);
  if (!isAlive(pid)) return false;
  const now = startTime ? startTimeOf(pid) : undefined;
  return !(startTime && now && now !== startTime);
}

/** Takes `<dataDir>.lock` for this process or throws DatabaseLockedError. Returns the release. */
function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, [process.pid, startTimeOf(process.pid)].filter(Boolean).join(' '));
      closeSync(fd);
      heldHere.add(dataDir);
      const release = () => {
        process.off('exit', release);
        heldHere.delete(dataDir);
        try {
          if (readFileSync(lockPath, 'utf8').trim().split(/\s+/)[0] === String(process.pid)) rmSync(lockPath, { force: true });
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: string[];
      try {
        owner = readFileSync(lockPath, 'utf8').trim().split(/\s+/);
      } catch {
        continue; // removed meanwhile: try again
      }
      const pid = Number.parseInt(owner[0], 10);
      if (Number.isInteger(pid) && pid > 0 && ownerAlive(dataDir, pid, owner[1])) throw new DatabaseLockedError(dataDir, pid);
      rmSync(lockPath, { force: true }); // stale
    }
  }
  throw new Error(`Could not lock ${lockPath}`);
}

/** Tells `told` about every query a pooled node-postgres client sends (each one a round trip). */
function observePgClient(client: pg.PoolClient, told: (text: string) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string };
    told(typeof first === 'string' ? first : (first?.text ?? ''));
    return query(...args);
  };
}

/**
 * Tells `told` about every statement PGlite runs through its public calls, which are all drizzle
 * uses: query, exec, and a transaction's BEGIN, its queries, and its COMMIT or ROLLBACK; and about
 * every prepared statement run by prepared.ts.
 */
function observePglite(client: PGlite, told: (text: string) => void): void {
  pgliteObservers.set(client, told);
  type Tx = Parameters<Parameters<PGlite['transaction']>[0]>[0];
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => {
    told(text);
    return (query as (...a: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['query'];
  client.exec = (text, ...rest) => {
    told(text);
    return exec(text, ...rest);
  };
  client.transaction = ((work: (tx: Tx) => Promise<unknown>) =>
    transaction(async (tx) => {
      told('BEGIN');
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = ((text: string, ...rest: unknown[]) => {
        told(text);
        return (txQuery as (...a: unknown[]) => unknown)(text, ...rest);
      }) as Tx['query'];
      tx.exec = (text, ...rest) => {
        told(text);
        return txExec(text, ...rest);
      };
      try {
        const result = await work(tx);
        told(tx.closed ? 'ROLLBACK' : 'COMMIT');
        return result;
      } catch (err) {
        if (!tx.closed) told('ROLLBACK');
        throw err;
      }
    })) as PGlite['transaction'];
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const countersPool = new pg.Pool({ connectionString: options.url, max: 3, options: '-c synchronous_commit=off' });
    // An idle connection the server ends (a restart, a failover, an administrator) is an 'error' on
    // the pool: without a listener it would crash the process. The pool opens a new one when asked.
    for (const each of [pool, countersPool]) {
      each.on('error', (err) => console.error(`PostgreSQL closed an idle connection (${err.message}); the next query opens a new one.`));
    }
    // A connection lost while checked out (mid-transaction: pg_terminate_backend, a failover) fails
    // its query, and then its client emits 'error' too, when pg-pool's idle listener is off it: with
    // no listener of our own that event is an uncaught exception, and the whole process would die
    // with every request in it. The query's own error reaches the request; the pool drops the client
    // on release (no longer queryable). src/server/orders/connection-lost.test.ts proves it.
    // (An idle client's error is the pool's 'error' above; this one speaks only for checked-out ones.)
    const checkedOut = new WeakSet<pg.PoolClient>();
    for (const each of [pool, countersPool]) {
      each.on('acquire', (client) => checkedOut.add(client));
      each.on('release', (_err, client) => checkedOut.delete(client));
      each.on('connect', (client) => {
        if (options.onStatement) observePgClient(client, options.onStatement);
        client.on('error', (err) => {
          if (checkedOut.has(client)) console.error(`PostgreSQL connection lost during a request (${err.message}); the pool drops it.`);
        });
      });
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    const counters = drizzlePg({ client: countersPool, schema }) as unknown as Database;
    const close = async () => {
      await Promise.all([pool.end(), countersPool.end()]);
    };
    try {
      if (shouldMigrate) await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    } catch (err) {
      await close();
      throw err;
    }
    const stopListening = registerListen(db, postgresListen(options.url));
    return {
      db,
      counters,
      kind: 'postgres',
      location: redact(options.url),
      close: async () => {
        await stopListening();
        await close();
      },
    };
  }

  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const inMemory = dataDir.startsWith('memory://');
  const absDir = inMemory ? dataDir : resolve(dataDir);
  const release = inMemory ? () => {} : lockDataDir(absDir);
  let client: PGlite | undefined;
  try {
    if (!inMemory) mkdirSync(absDir, { recursive: true });
    client = await PGlite.create(absDir);
    if (options.onStatement) observePglite(client, options.onStatement);
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    if (shouldMigrate) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    const opened = client;
    const stopListening = registerListen(db, pgliteListen(opened));
    let closed = false;
    return {
      db,
      counters: db,
      kind: 'pglite',
      location: absDir,
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await stopListening();
          await opened.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    await client?.close().catch(() => {});
    release();
    throw err;
  }
}
