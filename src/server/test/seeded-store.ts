/**
 * What a test of `npm start` for real needs on each database: a temporary folder, the embedded
 * database in it or a new database on TEST_DATABASE_URL's server, seeded with `catalogue`, a
 * hand-made site (no build: the catalogue URL does not answer, so "the previous build" is served),
 * no scheduled backup, and the environment that starts a store on all of it on a free port.
 * Orders may come as many shoppers through a proxy on this machine (TRUST_PROXY).
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '#server/db/client.ts';
import { seedIfEmpty, type SeedData } from '#server/seed/index.ts';
import { createPostgresDatabase } from '#server/test/databases.ts';
import { freePort } from '#runtime/store-process.ts';

export interface SeededStore {
  root: string;
  /** The embedded database's folder (also where `data/run` and `data/backups` sit beside it). */
  dataDir: string;
  env: Record<string, string>;
  /** Opens the store's database (to read what it kept); the caller closes it. */
  open(): ReturnType<typeof openDatabase>;
  /** Drops the PostgreSQL database made for it (the folder is the caller's to remove). */
  drop(): Promise<void>;
}

/** `databaseUrl`: the PostgreSQL server to make the database on (TEST_DATABASE_URL's unless given). */
export async function seededStore(name: 'pglite' | 'postgres', catalogue: SeedData, { workers = 1, prefix = 'kiryana-store-', databaseUrl = process.env.TEST_DATABASE_URL } = {}): Promise<SeededStore> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const dataDir = join(root, 'data', 'pglite');
  const created = name === 'postgres' ? await createPostgresDatabase(databaseUrl!) : undefined;
  const open = () => openDatabase(created ? { url: created.url } : { dataDir });
  const seeded = await open();
  await seedIfEmpty(seeded.db, catalogue);
  await seeded.close();
  await mkdir(join(root, 'dist'), { recursive: true });
  await writeFile(join(root, 'dist', 'index.html'), '<h1>home</h1>');
  const env = {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    KIRYANA_DATA_DIR: dataDir,
    DATABASE_URL: created?.url ?? '',
    WORKERS: workers > 1 ? String(workers) : '',
    KIRYANA_DIST_DIR: join(root, 'dist'),
    KIRYANA_ARTWORK_DIR: join(root, 'artwork'),
    CATALOG_API_URL: 'http://127.0.0.1:9',
    BACKUP_DIR: join(root, 'backups'),
    BACKUP_EVERY: '0',
    TRUST_PROXY: '127.0.0.1',
  };
  return { root, dataDir, env, open, drop: async () => void (await created?.drop()) };
}
