/**
 * Statement observers for openDatabase's `onStatement`: each tells its listener the text of every
 * statement as it goes to the database, one call a round trip.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { pgliteObservers } from './prepared.ts';

/** Tells `told` about every query a pooled node-postgres client sends (each one a round trip). */
export function observePgClient(client: pg.PoolClient, told: (text: string) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string };
    told(typeof first === 'string' ? first : (first?.text ?? ''));
    return query(...args);
  };
}

/**
 * Tells `told` about every statement PGlite runs through its public calls, which are all drizzle
 * uses: query, exec, and a transaction's BEGIN, its queries, and its COMMIT or ROLLBACK; and about
 * every prepared statement run by prepared.ts.
 */
export function observePglite(client: PGlite, told: (text: string) => void): void {
  pgliteObservers.set(client, told);
  type Tx = Parameters<Parameters<PGlite['transaction']>[0]>[0];
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) => {
    told(text);
    return (query as (...a: unknown[]) => unknown)(text, ...rest);
  }) as PGlite['query'];
  client.exec = (text, ...rest) => {
    told(text);
    return exec(text, ...rest);
  };
  client.transaction = ((work: (tx: Tx) => Promise<unknown>) =>
    transaction(async (tx) => {
      told('BEGIN');
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = ((text: string, ...rest: unknown[]) => {
        told(text);
        return (txQuery as (...a: unknown[]) => unknown)(text, ...rest);
      }) as Tx['query'];
      tx.exec = (text, ...rest) => {
        told(text);
        return txExec(text, ...rest);
      };
      try {
        const result = await work(tx);
        told(tx.closed ? 'ROLLBACK' : 'COMMIT');
        return result;
      } catch (err) {
        if (!tx.closed) told('ROLLBACK');
        throw err;
      }
    })) as PGlite['transaction'];
}
