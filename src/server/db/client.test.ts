import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { countProducts } from '#server/catalog/reads.ts';
import { seedIfEmpty } from '#server/seed/index.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { testDatabases } from '#server/test/databases.ts';
import { openDatabase } from './client.ts';
import { log } from '#server/monitoring/log.ts';
import { DatabaseLockedError } from './data-dir-lock.ts';

describe('embedded data directory', () => {
  it('keeps data between opens and refuses a second live opener', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kiryana-db-'));
    const dataDir = join(dir, 'pglite');
    try {
      const first = await openDatabase({ dataDir });
      await seedIfEmpty(first.db, fixtureCatalogue);
      // Same process counts as live: a second open must fail, not share the files.
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError);
      await first.close();
      const again = await openDatabase({ dataDir });
      expect(await countProducts(again.db)).toBe(12);
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  it('outlive the server ending the idle ones: no crash, and the next query opens a new one', async () => {
    const handle = await testDatabases.find((t) => t.name === 'postgres')!.open();
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
    try {
      const reply = (await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
      const [{ name }] = reply.rows;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const ended = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        expect(ended.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await expect.poll(() => logged.mock.calls.length).toBeGreaterThan(0);
      expect(String(logged.mock.calls[0][0])).toContain('PostgreSQL closed an idle connection');
      expect(await countProducts(handle.db)).toBe(0);
    } finally {
      logged.mockRestore();
      await handle.close();
    }
  });
});
