/**
 * `npm run restore -- FILE`: puts a backup (`npm run backup`, or `npm start`'s own) back.
 *
 * 1. The file is checked first: it must open as the shop's database (the embedded kind is opened
 *    in memory and its products and orders counted; the PostgreSQL kind listed by pg_restore).
 * 2. Refused, with words, while a store runs on that data: the embedded database's lock is held by
 *    it; on PostgreSQL, another session is connected to the database.
 * 3. The embedded database: the data folder as it was is kept beside it
 *    (`<data folder>.before-restore-<date>`), and the backup is unpacked in its place. PostgreSQL:
 *    pg_restore replaces the tables in one transaction.
 * Then `npm start` starts the store on it (a backup from an older version is migrated as it opens).
 */
import { existsSync } from 'node:fs';
import { readdir, rename } from 'node:fs/promises';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { checkBackup, readPgliteBackup, restorePostgres } from '#server/backup/backup.ts';
import { config } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DatabaseLockedError, lockDataDir } from '#server/db/data-dir-lock.ts';

const file = process.argv[2];

async function restore(): Promise<string> {
  if (!file) throw new Error('Name the backup to restore: npm run restore -- data/backups/kiryana-….pglite.tar.gz');
  const contents = await checkBackup(resolve(file));
  if (contents.kind === 'postgres' && !config.databaseUrl) throw new Error(`${file} is a PostgreSQL backup: set DATABASE_URL to the database to restore it into.`);
  if (contents.kind === 'pglite' && config.databaseUrl) throw new Error(`${file} is a backup of the embedded database: unset DATABASE_URL to restore it into KIRYANA_DATA_DIR.`);
  const what = contents.products >= 0 ? ` (${contents.products} products, ${contents.orders} orders)` : '';

  if (contents.kind === 'postgres') {
    const handle = await openDatabase({ url: config.databaseUrl, migrate: false });
    try {
      const result = (await handle.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`)) as unknown as { rows: { n: number }[] };
      // This command's own pool keeps a connection for the counters: only others count.
      if (result.rows[0].n > 1) throw new Error('Other sessions are connected to this database: stop every store (and other programs) using it, then restore.');
    } finally {
      await handle.close();
    }
    await restorePostgres(resolve(file), config.databaseUrl!);
    return `Restored ${file} into ${config.databaseUrl!.replace(/:[^:@/]*@/, ':***@')}${what}.`;
  }

  const dataDir = resolve(config.dataDir);
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DatabaseLockedError) throw new Error(`A store is running on ${dataDir} (pid ${err.pid}): stop it first, then restore.`);
    throw err;
  }
  let keptAs: string | undefined;
  try {
    if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
      keptAs = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(dataDir, keptAs);
    }
    const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: await readPgliteBackup(resolve(file)) });
    await client.close();
  } finally {
    release();
  }
  // Opened once as the store opens it (migrations, the lock): what starts next is known to work.
  const handle = await openDatabase({ dataDir });
  await handle.close();
  return `Restored ${file} into ${dataDir}${what}.${keptAs ? ` The data folder as it was is kept in ${keptAs}.` : ''}`;
}

try {
  console.log(`✓ ${await restore()} Start the store with npm start.`);
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
