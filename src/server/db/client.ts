/**
 * Opens the catalogue database and brings its schema up to date.
 *
 * - `url` set (postgres://...): PostgreSQL through node-postgres, a pool shared by the process.
 * - `url` unset: embedded PGlite with its files in `dataDir` (default DEFAULT_DATA_DIR), or purely in
 *   memory with `memory://` (tests). One process at a time holds a data directory (data-dir-lock.ts),
 *   and its folder and files are its user's alone (private-folder.ts).
 */
import { log } from '#server/monitoring/log.ts';
import { watchPool } from '#server/monitoring/metrics.ts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { remakeStaleSearchColumns } from '#server/catalog/search-columns.ts';
import { DEFAULT_DATA_DIR } from '#server/config.ts';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { keepNewFilesPrivate, makeFolderPrivate, openedFilesLine } from './private-folder.ts';
import { pgliteListen, postgresListen, registerListen } from './notifications.ts';
import { observePgClient, observePglite } from './observe-statements.ts';

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
  /**
   * Apply pending migrations (default true), then remake the search tokens of products written
   * under an older search rule (catalog/search-columns.ts; one query that finds none, usually).
   */
  migrate?: boolean;
  /**
   * Told the text of every statement as it goes to the database, one call a round trip (BEGIN and
   * COMMIT included): tests and benchmarks count a request's round trips with it.
   */
  onStatement?: (text: string) => void;
  /**
   * An embedded database starts as this copy of a data directory (PGlite's `dumpDataDir`) rather
   * than a new, empty one: tests open many in-memory databases from one already migrated, which
   * spares each the setting up of an empty cluster and every migration.
   */
  loadDataDir?: Blob;
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
  /** An embedded database's data directory as one file, which `loadDataDir` starts another from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

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
      each.on('error', (err) => log.error(`PostgreSQL closed an idle connection (${err.message}); the next query opens a new one.`));
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
          if (checkedOut.has(client)) log.error(`PostgreSQL connection lost during a request (${err.message}); the pool drops it.`);
        });
      });
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    const counters = drizzlePg({ client: countersPool, schema }) as unknown as Database;
    // Their connections in the metrics (the embedded database has no queue of its own to show).
    const unwatch = [watchPool('main', pool), watchPool('counters', countersPool)];
    const close = async () => {
      for (const stop of unwatch) stop();
      await Promise.all([pool.end(), countersPool.end()]);
    };
    try {
      if (shouldMigrate) {
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
        await remakeStaleSearchColumns(db);
      }
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
  // The data's files are its user's alone, whatever the umask (private-folder.ts); the lock too.
  if (!inMemory) keepNewFilesPrivate();
  const release = inMemory ? () => {} : lockDataDir(absDir);
  let client: PGlite | undefined;
  try {
    if (!inMemory) {
      mkdirSync(absDir, { recursive: true, mode: 0o700 });
      const opened = makeFolderPrivate(absDir);
      if (opened) console.warn(`▸ ${openedFilesLine(absDir, opened)}`);
    }
    // pg_trgm: the order desk finds orders by part of a name or e-mail through trigram indexes.
    client = await PGlite.create(absDir, { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    // A new cluster's files are written with the modes PGlite gives them (0666), not the umask's.
    if (!inMemory) makeFolderPrivate(absDir);
    if (options.onStatement) observePglite(client, options.onStatement);
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    if (shouldMigrate) {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await remakeStaleSearchColumns(db);
    }
    const opened = client;
    const stopListening = registerListen(db, pgliteListen(opened));
    let closed = false;
    return {
      db,
      counters: db,
      kind: 'pglite',
      location: absDir,
      dumpDataDir: () => opened.dumpDataDir('none'),
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
