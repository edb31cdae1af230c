/**
 * `npm run backup`: a backup of the shop's database into BACKUP_DIR, taken while the store runs.
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump` from here.
 * - The embedded database: through the running store's operator channel when a store holds it
 *   (the store dumps its own database between two statements), or opened here when none runs.
 *
 * Prints the file, its size and how long it took; the oldest beyond BACKUP_KEEP are removed.
 */
import { existsSync } from 'node:fs';
import { backupNow, type Backup } from '#server/backup/backup.ts';
import { config } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DatabaseLockedError } from '#server/db/data-dir-lock.ts';
import { OPERATOR_KEY_HEADER, readChannel } from '#server/operator-channel.ts';

const settings = { dir: config.backupDir, keep: config.backupKeep, databaseUrl: config.databaseUrl };

async function throughStore(dataDir: string, busy: DatabaseLockedError): Promise<Backup> {
  const channel = readChannel(dataDir);
  if (!channel) throw new Error(`${busy.message} It offers no operator channel: restart it with npm start, or stop it and run this again.`);
  const res = await fetch(`${channel.url}/api/operator/backup`, { method: 'POST', headers: { [OPERATOR_KEY_HEADER]: channel.key } });
  const body = (await res.json().catch(() => ({}))) as Partial<Backup> & { message?: string };
  if (!res.ok || !body.file) throw new Error(`The running store could not back up: ${body.message ?? `HTTP ${res.status}`}`);
  return body as Backup;
}

async function backup(): Promise<Backup> {
  if (config.databaseUrl) {
    const handle = await openDatabase({ url: config.databaseUrl, migrate: false });
    try {
      return await backupNow(handle, settings);
    } finally {
      await handle.close();
    }
  }
  if (!existsSync(config.dataDir)) throw new Error(`There is no database in ${config.dataDir} to back up (KIRYANA_DATA_DIR).`);
  try {
    const handle = await openDatabase({ dataDir: config.dataDir, migrate: false });
    try {
      return await backupNow(handle, settings);
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof DatabaseLockedError) return throughStore(err.dataDir, err);
    throw err;
  }
}

try {
  const { file, bytes, seconds } = await backup();
  console.log(`✓ Backup written to ${file} (${(bytes / 1048576).toFixed(1)} MB in ${seconds.toFixed(1)} s).`);
} catch (err) {
  console.error(`✗ ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
