/**
 * Fresh PostgreSQL databases for tests, made on the server of a given URL (its role must be
 * allowed to create databases): the unit suites' (databases.ts) and the e2e store's
 * (scripts/e2e-server.ts). Apart from databases.ts so that a script can use it without Vitest.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on `baseUrl`'s server: its URL, and how to drop it. Named `name` when
 * given (one left by an earlier run that was killed is dropped first), else a random name.
 * `template` names a database of that server to copy instead (no one may be connected to it).
 */
export async function createPostgresDatabase(baseUrl: string, named?: string, { template }: { template?: string } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  if (named !== undefined && !/^[a-z_][a-z0-9_]*$/.test(named)) throw new Error(`'${named}' is not a plain database name (a-z, 0-9, _).`);
  const name = named ?? `kiryana_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const drop = () => adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
  if (named) await drop();
  if (template !== undefined && !/^[a-z_][a-z0-9_]*$/.test(template)) throw new Error(`'${template}' is not a plain database name (a-z, 0-9, _).`);
  await adminQuery(baseUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}
