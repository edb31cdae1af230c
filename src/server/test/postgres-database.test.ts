/**
 * Fresh PostgreSQL databases for tests: a named one (the e2e store's) replaces the one an earlier,
 * killed run left behind, and goes when dropped; a name that is not a plain identifier is refused
 * before anything reaches the server.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from './postgres-database.ts';

const baseUrl = process.env.TEST_DATABASE_URL;

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('a named test database', () => {
  it('refuses a name that is not a plain identifier', async () => {
    await expect(createPostgresDatabase('postgres://nobody@127.0.0.1:1/none', 'kiryana"; drop database x; --')).rejects.toThrow(/not a plain database name/);
  });

  describe.skipIf(!baseUrl)('on PostgreSQL', () => {
    const name = `kiryana_e2e_test_${process.pid}`;
    const exists = async () => (await query<{ n: number }>(baseUrl!, `select count(*)::int as n from pg_database where datname = '${name}'`))[0].n === 1;

    it('replaces a leftover of the same name with an empty one, and drops it', async () => {
      const leftover = await createPostgresDatabase(baseUrl!, name);
      await query(leftover.url, 'create table left_behind (id int)');
      // A connection still open to the leftover (a store that was killed) does not stop it.
      const held = new pg.Client({ connectionString: leftover.url });
      await held.connect();
      held.on('error', () => {});

      const fresh = await createPostgresDatabase(baseUrl!, name);
      expect(new URL(fresh.url).pathname).toBe(`/${name}`);
      expect(await query(fresh.url, "select 1 from information_schema.tables where table_name = 'left_behind'")).toEqual([]);
      await fresh.drop();
      expect(await exists()).toBe(false);
      await held.end().catch(() => {});
    });
  });
});
