/**
 * Statement observers for openDatabase's `onStatement`: each tells its listener the text of every
 * statement as it goes to the database, one call a round trip.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
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

/** Makes `runner` (a PGlite client or one of its transactions) tell `told` the text of each query and exec. */
function observeRuns(runner: Pick<Transaction, 'query' | 'exec'>, told: (text: string) => void): void {
  const query = runner.query.bind(runner);
  const exec = runner.exec.bind(runner);
  runner.query = (text, ...rest) => {
    told(text);
    return query(text, ...rest);
  };
  runner.exec = (text, ...rest) => {
    told(text);
    return exec(text, ...rest);
  };
}

/**
 * Tells `told` about every statement PGlite runs through its public calls, which are all drizzle
 * uses: query, exec, and a transaction's BEGIN, its queries, and its COMMIT or ROLLBACK; and about
 * every prepared statement run by prepared.ts.
 */
export function observePglite(client: PGlite, told: (text: string) => void): void {
  pgliteObservers.set(client, told);
  const transaction = client.transaction.bind(client);
  observeRuns(client, told);
  client.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    transaction(async (tx) => {
      told('BEGIN');
      observeRuns(tx, told);
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
