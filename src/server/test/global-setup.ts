/**
 * Vitest's setup, once a run before any test file: one in-memory PGlite database is migrated and
 * its data directory kept in a file, from which every embedded database the tests open starts
 * (src/server/test/databases.ts). A new, empty PGlite cluster costs seconds of CPU to set up and
 * migrate; a copy of a migrated one a fraction of that. The file is made fresh each run, from the
 * migrations as they are, and removed after it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (PGlite's dumpDataDir), as a file. */
    migratedPglite: string;
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
  return () => rm(dir, { recursive: true, force: true });
}
