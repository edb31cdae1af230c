/**
 * Backups of the shop's database, and putting one back.
 *
 * - The embedded database: PGlite's own dump of its data directory (`dumpDataDir`, taken between
 *   two statements, so every committed order is in it and a half-done one is rolled back when it
 *   is opened), gzipped: `kiryana-<date>.pglite.tar.gz`. Taken by the process that holds the
 *   database: the running store (its operator channel, `npm run backup`, and its own daily
 *   backup), or `npm run backup` itself when no store runs.
 * - PostgreSQL: `pg_dump`'s custom format (`kiryana-<date>.pgdump`), a consistent snapshot taken
 *   while the store runs; `pg_dump` must be on the machine (Debian: `postgresql-client`), at the
 *   server's major version or newer.
 *
 * A backup is written under a temporary name and renamed when complete, so a file with a backup's
 * name is always whole. The oldest beyond BACKUP_KEEP are removed after each new one.
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DatabaseHandle, DatabaseKind } from '#server/db/client.ts';

/** What a backup wrote. */
export interface Backup {
  file: string;
  bytes: number;
  seconds: number;
}

const SUFFIX: Record<DatabaseKind, string> = { pglite: '.pglite.tar.gz', postgres: '.pgdump' };
/** kiryana-2026-11-28T10-30-00-123Z.pglite.tar.gz: the ISO time with ':' and '.' made '-'. */
const NAME = /^kiryana-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.(pglite\.tar\.gz|pgdump)$/;

/** A backup's file name: its kind and when it was taken (UTC), so names sort by age. */
export function backupName(kind: DatabaseKind, at = new Date()): string {
  return `kiryana-${at.toISOString().replace(/:/g, '-').replace('.', '-')}${SUFFIX[kind]}`;
}

/** The kind of database a backup file holds, by its name; undefined for a name no backup has. */
export function kindOf(file: string): DatabaseKind | undefined {
  const match = NAME.exec(file.split('/').pop() ?? '');
  return match ? (match[6] === 'pgdump' ? 'postgres' : 'pglite') : undefined;
}

/** Writes `write(temporary path)` then renames it to `name` in `dir`. */
async function writeWhole(dir: string, name: string, write: (path: string) => Promise<void>): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(resolve(dir), name);
  const partial = `${file}.partial`;
  try {
    await write(partial);
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  return file;
}

/** Runs a program to its end; rejects with its error output when it fails or cannot start. */
function run(program: string, args: string[]): Promise<string> {
  return new Promise((done, failed) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      failed(new Error(e.code === 'ENOENT' ? `${program} is not on this machine: install PostgreSQL's client programs (Debian: apt-get install postgresql-client).` : e.message)),
    );
    child.on('close', (code) => (code === 0 ? done(out) : failed(new Error(`${program} failed (exit ${code}): ${err.trim().slice(0, 2000)}`))));
  });
}

/** A backup of the database `handle` holds, into `dir`. */
export async function writeBackup(handle: DatabaseHandle, dir: string, databaseUrl?: string): Promise<Backup> {
  const started = performance.now();
  let file: string;
  if (handle.kind === 'pglite') {
    if (!handle.dumpDataDir) throw new Error('This database cannot be backed up (it lives in memory).');
    const dump = handle.dumpDataDir;
    file = await writeWhole(dir, backupName('pglite'), async (path) => {
      // Compressed as a stream, off the store's thread (zlib works in libuv's pool).
      const tar = await dump();
      await pipeline(Readable.fromWeb(tar.stream() as import('node:stream/web').ReadableStream), createGzip({ level: 6 }), createWriteStream(path, { mode: 0o600 }));
    });
  } else {
    if (!databaseUrl) throw new Error('A PostgreSQL backup needs the database URL.');
    file = await writeWhole(dir, backupName('postgres'), async (path) => {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path}`, `--dbname=${databaseUrl}`]);
    });
  }
  return { file, bytes: (await stat(file)).size, seconds: (performance.now() - started) / 1000 };
}

/** The backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<{ file: string; takenAt: Date }[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const found: { file: string; takenAt: Date }[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [, date, h, m, s, ms] = match;
    found.push({ file: join(resolve(dir), name), takenAt: new Date(`${date}T${h}:${m}:${s}.${ms}Z`) });
  }
  return found.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Removes the oldest backups beyond the newest `keep`; returns what it removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(Math.max(1, keep));
  for (const { file } of old) await rm(file, { force: true });
  return old.map((b) => b.file);
}

/** What a backup file holds, read back before it is trusted. */
export interface BackupContents {
  kind: DatabaseKind;
  products: number;
  orders: number;
}

/** Reads an embedded database's backup into memory (throws, in words, when it is not one). */
export async function readPgliteBackup(file: string): Promise<Blob> {
  const gz = await readFile(file);
  const tar = await new Promise<Buffer>((done, failed) => {
    const chunks: Buffer[] = [];
    const gunzip = createGunzip();
    gunzip.on('data', (c: Buffer) => chunks.push(c));
    gunzip.on('end', () => done(Buffer.concat(chunks)));
    gunzip.on('error', () => failed(new Error(`${file} is not a whole backup of the embedded database (not gzip).`)));
    gunzip.end(gz);
  });
  return new Blob([new Uint8Array(tar)]);
}

/**
 * Checks a backup before it is put back: it must open as a database and hold the shop's tables.
 * The embedded kind is opened in memory; the PostgreSQL kind is listed by `pg_restore`.
 */
export async function checkBackup(file: string): Promise<BackupContents> {
  const kind = kindOf(file);
  if (!kind) throw new Error(`${file} is not named like a backup (kiryana-<date>.pglite.tar.gz or .pgdump).`);
  await stat(file).catch(() => {
    throw new Error(`There is no file ${file}.`);
  });
  if (kind === 'postgres') {
    const list = await run('pg_restore', ['--list', file]).catch((err: Error) => {
      throw new Error(`${file} is not a backup pg_restore can read: ${err.message}`);
    });
    if (!/TABLE DATA \S+ orders /.test(list) || !/TABLE DATA \S+ products /.test(list)) throw new Error(`${file} holds no orders or products table: not a backup of the shop.`);
    return { kind, products: -1, orders: -1 };
  }
  const blob = await readPgliteBackup(file);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create('memory://', { extensions: { pg_trgm }, loadDataDir: blob });
    const counts = await client.query<{ products: number; orders: number }>('select (select count(*)::int from products) as products, (select count(*)::int from orders) as orders');
    return { kind, ...counts.rows[0] };
  } catch (err) {
    throw new Error(`${file} does not open as the shop's database: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await client?.close().catch(() => {});
  }
}

/** Bytes of every file under `dir` (what a data folder takes). */
export async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** Puts a PostgreSQL backup back into the database of `url` (its tables replaced, in one transaction). */
export async function restorePostgres(file: string, url: string): Promise<void> {
  await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${url}`, file]);
}

export interface BackupSettings {
  dir: string;
  keep: number;
  /** PostgreSQL's URL (pg_dump connects itself); unset on the embedded database. */
  databaseUrl?: string;
}

/** A backup now, then the oldest beyond `keep` removed. */
export async function backupNow(handle: DatabaseHandle, settings: BackupSettings): Promise<Backup> {
  const backup = await writeBackup(handle, settings.dir, settings.databaseUrl);
  await pruneBackups(settings.dir, settings.keep);
  return backup;
}

/** After a failed backup, the next try comes this soon (or at the usual time, when sooner). */
const RETRY_MS = 60 * 60 * 1000;

export interface BackupSchedule {
  stop(): void;
  /** Settles once the first backup's time is set (the folder read). */
  started: Promise<void>;
}

/**
 * `npm start`'s own backups: one when the newest in the folder is `everyHours` old (a minute after
 * the start when there is none, or it is older), then every `everyHours`.
 */
export function scheduleBackups(take: () => Promise<Backup>, dir: string, everyHours: number, log: (line: string) => void): BackupSchedule {
  if (everyHours <= 0) return { stop: () => {}, started: Promise.resolve() };
  const every = everyHours * 3600 * 1000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const at = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void round(), Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    timer.unref();
  };
  const round = async () => {
    try {
      const { file, bytes, seconds } = await take();
      log(`▸ Backup written to ${file} (${(bytes / 1048576).toFixed(1)} MB in ${seconds.toFixed(1)} s); the next in ${everyHours} h.`);
      at(every);
    } catch (err) {
      log(`✗ The backup failed: ${err instanceof Error ? err.message : String(err)}. Trying again in an hour.`);
      at(Math.min(every, RETRY_MS));
    }
  };
  const started = listBackups(dir).then(
    ([newest]) => at(newest ? Math.max(60_000, newest.takenAt.getTime() + every - Date.now()) : 60_000),
    () => at(60_000),
  );
  return {
    started,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
