/**
 * A hot statement as a named prepared statement, on either driver: the database parses and plans
 * its text once a connection and afterwards only binds and executes it. Its text must never change
 * under one name; only its parameters do.
 *
 * - PostgreSQL: node-postgres's named statements (each pooled connection prepares it on first use).
 * - PGlite: its `query()` sends six protocol messages into the database one call at a time (parse,
 *   describe, bind, describe, execute, sync), parsing and planning the text on every call: for the
 *   order placement that was half the statement's CPU. Here the statement is parsed once (on first
 *   use), and each run is one batch (bind, describe, execute, sync) in one call, inside PGlite's own
 *   locks, so it never runs beside another query or inside someone else's transaction.
 *
 * Values go as text (a Date as its ISO string); what comes back is typed by PGlite's own parsers, as
 * `query()` would. A database error is thrown as PGlite throws it (with its `code` and `constraint`),
 * and the batch's sync leaves the session ready for the next statement.
 */
import { protocol, types, type PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from './client.ts';

const dialect = new PgDialect();

/**
 * Who is told of each statement run on a PGlite client (openDatabase's `onStatement`): the batch
 * bypasses `query()`, which the observer wraps, so it tells the observer itself.
 */
export const pgliteObservers = new WeakMap<PGlite, (text: string) => void>();

/** Statement names already prepared on each PGlite client (PGlite is one session for its life). */
const preparedOn = new WeakMap<PGlite, Set<string>>();

interface RowDescription {
  name: 'rowDescription';
  fields: { name: string; dataTypeID: number }[];
}
interface DataRow {
  name: 'dataRow';
  fields: (string | null)[];
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function runOnPglite(client: PGlite, name: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const { serialize } = protocol;
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      pgliteObservers.get(client)?.(text);
      let names = preparedOn.get(client);
      if (!names) preparedOn.set(client, (names = new Set()));
      if (!names.has(name)) {
        // Prepared on its own the first time, so the name is taken exactly when the parse succeeded.
        await client.execProtocol(concat([serialize.parse({ name, text }), serialize.sync()]));
        names.add(name);
      }
      const { messages } = await client.execProtocol(
        concat([serialize.bind({ statement: name, values: params.map(asText) }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
      const description = messages.find((m) => m.name === 'rowDescription') as RowDescription | undefined;
      if (!description) return [];
      return messages
        .filter((m): m is typeof m & DataRow => m.name === 'dataRow')
        .map((row) => Object.fromEntries(description.fields.map((field, i) => [field.name, types.parseType(row.fields[i], field.dataTypeID)])));
    }),
  );
}

/** A statement's text and parameter slots, made once (its values come as named placeholders). */
export interface PreparedStatement {
  name: string;
  text: string;
  params: unknown[];
}

/**
 * `query` (whose values are `sql.placeholder(...)`s) as the prepared statement `name`. Turning
 * drizzle's template into text costs far more than running a small statement, so it is done once
 * a process, here, and never again a request.
 */
export function prepared(name: string, query: SQL): PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { name, text, params };
}

/** Runs `statement` with its placeholders filled from `values`; resolves to its rows. */
export async function runPrepared(db: Database, statement: PreparedStatement, values: Record<string, unknown>): Promise<unknown[]> {
  const params = fillPlaceholders(statement.params, values);
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if ('totalCount' in client) return (await client.query({ name: statement.name, text: statement.text, values: params })).rows;
  return runOnPglite(client as PGlite, statement.name, statement.text, params);
}
