/**
 * A bare API process for tests and benchmarks that need one (or several): `createApp` on the
 * PostgreSQL database in DATABASE_URL or, when it is unset, on the embedded PGlite database in
 * KIRYANA_DATA_DIR (one process at a time: the data dir's lock refuses a second). Mail goes to
 * SMTP_URL, or the log. Listens on PORT and HOST (PORT=0: any free port) and prints
 * `listening on {port}` once it answers; stops on SIGTERM (closing the database cleanly).
 *
 *   DATABASE_URL=postgres://... PORT=0 node src/server/test/serve-api.ts
 *   KIRYANA_DATA_DIR=/tmp/x/pglite PORT=0 node src/server/test/serve-api.ts
 *
 * The database is migrated on open; seeding is the caller's (open it, seed, close, then start this).
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '#server/app.ts';
import { config } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';

if (!config.databaseUrl && !process.env.KIRYANA_DATA_DIR) {
  // The default data dir is the developer's own store: a test process must never open it by accident.
  throw new Error('serve-api needs DATABASE_URL (PostgreSQL) or KIRYANA_DATA_DIR (an embedded database of its own)');
}
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
const app = createApp({ db: database.db, counters: database.counters, kind: database.kind });
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
  console.log(`listening on ${info.port}`);
});
process.once('SIGTERM', () => {
  server.close(async () => {
    await app.settled();
    await database.close();
    process.exit(0);
  });
  // Keep-alive connections (a benchmark's clients) would hold close() open.
  (server as { closeAllConnections?: () => void }).closeAllConnections?.();
});
