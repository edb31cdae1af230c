/**
 * LISTEN/NOTIFY for the store's processes: how one learns that another (or the database's own
 * triggers) changed something it holds in memory.
 *
 * `openDatabase` registers a listen function for each database it opens; `notificationsOf(db)` finds
 * it. On PostgreSQL each subscription holds one connection of its own (a pooled one cannot LISTEN);
 * when that connection is lost, notifications sent meanwhile are lost with it, so the subscriber is
 * told (`lost`) and told again once it listens afresh (`regained`): between the two it must trust
 * nothing it holds. PGlite is one process: its notifications cannot be lost.
 */
import { log as logger } from '#server/monitoring/log.ts';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Subscriber {
  notify(channel: string, payload: string): void;
  /** Notifications may be missed from now on (the connection that listens is gone). */
  lost(): void;
  /** Listening again: nothing more is missed from now on (what was missed meanwhile stays unknown). */
  regained(): void;
}

/** Starts listening on `channels`; resolves once listening, to the function that stops. */
export type Listen = (channels: readonly string[], subscriber: Subscriber) => Promise<() => Promise<void>>;

const registry = new WeakMap<object, Listen>();

/**
 * Makes `listen` the way to listen on `db`; returns what stops every subscription made through it
 * (the database's close calls it: a listening PostgreSQL connection would outlive the pool).
 */
export function registerListen(db: object, listen: Listen): () => Promise<void> {
  const stops = new Set<() => Promise<void>>();
  registry.set(db, async (channels, subscriber) => {
    const stop = await listen(channels, subscriber);
    const once = async () => {
      stops.delete(once);
      await stop();
    };
    stops.add(once);
    return once;
  });
  return async () => {
    registry.delete(db);
    await Promise.all([...stops].map((stop) => stop()));
  };
}

/** How to listen on this database, if it was opened by openDatabase. */
export function notificationsOf(db: object): Listen | undefined {
  return registry.get(db);
}

export function pgliteListen(client: PGlite): Listen {
  return async (channels, subscriber) => {
    const stops = await Promise.all(channels.map((channel) => client.listen(channel, (payload) => subscriber.notify(channel, payload))));
    return async () => {
      await Promise.all(stops.map((stop) => stop().catch(() => {})));
    };
  };
}

/** How long to wait before listening again after the connection is lost, growing to MAX. */
const RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

export function postgresListen(url: string, log: (line: string) => void = (line) => logger.error(line)): Listen {
  return async (channels, subscriber) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    let delay = RETRY_MS;

    const connect = async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (n) => subscriber.notify(n.channel, n.payload ?? ''));
      next.on('error', () => {}); // 'end' follows; handled there
      next.on('end', () => {
        if (stopped || client !== next) return;
        client = undefined;
        subscriber.lost();
        log('PostgreSQL: the connection that listens for catalogue changes was lost; reading from the database until it is back.');
        schedule();
      });
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      return next;
    };
    const schedule = () => {
      timer = setTimeout(async () => {
        if (stopped) return;
        try {
          client = await connect();
          delay = RETRY_MS;
          if (stopped) await client.end().catch(() => {});
          else subscriber.regained();
        } catch {
          delay = Math.min(delay * 2, MAX_RETRY_MS);
          schedule();
        }
      }, delay);
      timer.unref();
    };

    client = await connect();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    };
  };
}
