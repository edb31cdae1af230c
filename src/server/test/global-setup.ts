/**
 * Vitest's setup, once a run before any test file: one in-memory PGlite database is migrated and
 * its data directory kept in a file, from which every embedded database the tests open starts
 * (src/server/test/databases.ts). A new, empty PGlite cluster costs seconds of CPU to set up and
 * migrate; a copy of a migrated one a fraction of that. Likewise on PostgreSQL (TEST_DATABASE_URL
 * set): one database is migrated, and the tests' databases are made as copies of it. Both are made
 * fresh each run, from the migrations as they are, and removed after it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { createPostgresDatabase } from './postgres-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (PGlite's dumpDataDir), as a file. */
    migratedPglite: string;
    /** The migrated PostgreSQL database the tests' databases are copied from ('' without TEST_DATABASE_URL). */
    migratedPostgres: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'kiryana-vitest-'));
  const file = join(dir, 'migrated-pglite.tar');
  const handle = await openDatabase({ dataDir: 'memory://' });
  try {
    await writeFile(file, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('migratedPglite', file);

  const base = process.env.TEST_DATABASE_URL;
  const templateName = `kiryana_template_${process.pid}`;
  const template = base ? await createPostgresDatabase(base, templateName) : undefined;
  if (template) {
    const migrated = await openDatabase({ url: template.url });
    await migrated.close();
  }
  project.provide('migratedPostgres', template ? templateName : '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await template?.drop();
  };
}
