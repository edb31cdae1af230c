/**
 * The databases every DB suite runs on: embedded PGlite (in memory) always, and PostgreSQL when
 * TEST_DATABASE_URL is set. Each opened PostgreSQL target is a fresh database of its own
 * (created from TEST_DATABASE_URL's server, dropped on close), so files and runs never collide.
 * Both start as copies of a database the run migrated once (global-setup.ts).
 *
 *   describe.each(testDatabases)('catalogue on $name', (target) => {
 *     const database = useDatabase(target, fixtureCatalogue);
 *     it('...', async () => { database().db ... });
 *   });
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '#server/db/client.ts';
import { seedIfEmpty, type SeedData } from '#server/seed/index.ts';
import { createPostgresDatabase } from './postgres-database.ts';

export { createPostgresDatabase };

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /**
   * A fresh database; `migrate: false` leaves it empty (migration tests apply their own);
   * `onStatement` is told every statement sent to it (openDatabase).
   */
  open(options?: Pick<OpenDatabaseOptions, 'migrate' | 'onStatement'>): Promise<DatabaseHandle>;
}

async function openFreshPostgres(baseUrl: string, options?: Pick<OpenDatabaseOptions, 'migrate' | 'onStatement'>): Promise<DatabaseHandle> {
  // A copy of the run's migrated database (global-setup.ts), or an empty one when `migrate` is false.
  const template = options?.migrate === false ? undefined : inject('migratedPostgres') || undefined;
  const created = await createPostgresDatabase(baseUrl, undefined, { template });
  const handle = await openDatabase({ ...options, url: created.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

let migratedPglite: Promise<Blob | undefined> | undefined;
/** The migrated data directory the run's setup kept (global-setup.ts), read once a process. */
function migratedCopy(): Promise<Blob | undefined> {
  const file = inject('migratedPglite');
  return (migratedPglite ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined));
}

/** A fresh in-memory PGlite: a copy of the migrated one, or an empty one when `migrate` is false. */
async function openFreshPglite(options?: Pick<OpenDatabaseOptions, 'migrate' | 'onStatement'>): Promise<DatabaseHandle> {
  const loadDataDir = options?.migrate === false ? undefined : await migratedCopy();
  return openDatabase({ ...options, dataDir: 'memory://', loadDataDir });
}

export const testDatabases: TestDatabase[] = [
  { name: 'pglite', open: openFreshPglite },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, open: (o?: Pick<OpenDatabaseOptions, 'migrate' | 'onStatement'>) => openFreshPostgres(process.env.TEST_DATABASE_URL!, o) }]
    : []),
];

/** Opens `target` (seeded with `seed`, if given) before the suite and closes it after. */
export function useDatabase(target: TestDatabase, seed?: SeedData): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await target.open();
    if (seed) await seedIfEmpty(handle.db, seed);
  });
  afterAll(async () => {
    await handle?.close();
  });
  return () => {
    if (!handle) throw new Error('database not open yet');
    return handle;
  };
}
