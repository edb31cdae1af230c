/**
 * What one order placement sends to the database: the app of a checkout (this one, or an older
 * revision's beside it) in this process, on a fresh database opened with a statement observer
 * (openDatabase's `onStatement`), placing guest orders of 1 to 3 lines like the orders benchmark,
 * each with its own Idempotency-Key and shopper's address. Every round trip a placement makes is
 * counted, the per-client limit's included. Run as a command, it prints the result as JSON:
 *
 *   node scripts/bench/load/placement-statements.ts [--app-root DIR] [--database-url URL] [--placements 60]
 *
 * Without --database-url the database is an in-memory PGlite; with it, that (empty) PostgreSQL
 * database. The app root's migrations must be this checkout's (the database is opened here).
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { createApp as CreateApp } from '#server/app.ts';
import { ROOT } from '#server/config.ts';
import { openDatabase, type OpenDatabaseOptions } from '#server/db/client.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { seedIfEmpty, type SeedData } from '#server/seed/index.ts';
import { plannedOrder, rng, stockedCatalogue } from '#server/test/order-load.ts';

export interface PlacementStatements {
  /** Statements (round trips) a placement sent, on average over the placements. */
  perPlacement: number;
  /** Fewest and most of one placement. */
  fewest: number;
  most: number;
  /** The statements of the last placement, in order (SQL text, abridged). */
  sample: string[];
}

/** Opens `open` (an empty database: it is seeded with `catalogue`), places `placements` orders with `appRoot`'s app, closes it. */
export async function placementStatements(open: OpenDatabaseOptions, catalogue: SeedData, placements = 60, appRoot = ROOT): Promise<PlacementStatements> {
  const { createApp } = (await import(pathToFileURL(join(appRoot, 'src/server/app.ts')).href)) as { createApp: typeof CreateApp };
  let seen: string[] = [];
  const handle = await openDatabase({ ...open, onStatement: (text) => seen.push(text.replace(/\s+/g, ' ').trim().slice(0, 100)) });
  try {
    await seedIfEmpty(handle.db, catalogue);
    const mailer = createMailer({ from: 'bench@kiryana.pk', log: () => {} });
    const app = createApp({ db: handle.db, counters: handle.counters, kind: handle.kind, trustProxy: { hops: 1 }, mailer, logError: () => {} });
    const random = rng(7);
    const counts: number[] = [];
    for (let i = 0; i < placements; i++) {
      const planned = plannedOrder(catalogue, random);
      seen = [];
      const res = await app.request('/api/order/place', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': planned.key, 'X-Forwarded-For': planned.client },
        body: JSON.stringify(planned.body),
      });
      if (res.status !== 201) throw new Error(`placement answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      counts.push(seen.length);
    }
    await app.settled();
    return { perPlacement: counts.reduce((a, b) => a + b, 0) / counts.length, fewest: Math.min(...counts), most: Math.max(...counts), sample: seen };
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { 'app-root': { type: 'string' }, 'database-url': { type: 'string' }, placements: { type: 'string', default: '60' } } });
  const open = values['database-url'] ? { url: values['database-url'] } : { dataDir: 'memory://' };
  const result = await placementStatements(open, stockedCatalogue(24, 1_000_000), Number(values.placements), values['app-root'] ?? ROOT);
  console.log(JSON.stringify(result));
}
