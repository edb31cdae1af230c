/**
 * A bare API process for tests and benchmarks that need one (or several): `createApp` on the
 * PostgreSQL database in DATABASE_URL or, when it is unset, on the embedded PGlite database in
 * KIRYANA_DATA_DIR (one process at a time: the data dir's lock refuses a second). Mail goes to
 * SMTP_URL, or the log. Listens on PORT and HOST (PORT=0: any free port) and prints
 * `listening on {port}` once it answers; stops on SIGTERM (closing the database cleanly).
 * With WORKERS=N (PostgreSQL), N processes serve the one port through node:cluster, as `npm start`'s do.
 *
 *   DATABASE_URL=postgres://... PORT=0 node src/server/test/serve-api.ts
 *   KIRYANA_DATA_DIR=/tmp/x/pglite PORT=0 node src/server/test/serve-api.ts
 *
 * The database is migrated on open; seeding is the caller's (open it, seed, close, then start this).
 */
import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '#server/app.ts';
import { config } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';

if (!config.databaseUrl && !process.env.KIRYANA_DATA_DIR) {
  // The default data dir is the developer's own store: a test process must never open it by accident.
  throw new Error('serve-api needs DATABASE_URL (PostgreSQL) or KIRYANA_DATA_DIR (an embedded database of its own)');
}
if (config.workers > 1 && !config.databaseUrl) throw new Error('serve-api with WORKERS > 1 needs DATABASE_URL: the embedded database is one process');

if (config.workers > 1 && cluster.isPrimary) {
  // Every worker listens on the same port (the primary holds it, even for PORT=0); say it once all do.
  const workers = Array.from({ length: config.workers }, () => cluster.fork());
  let listening = 0;
  for (const worker of workers) {
    worker.on('message', (message: { port?: number }) => {
      if (message.port && ++listening === workers.length) console.log(`listening on ${message.port} (${workers.length} processes: ${workers.map((w) => w.process.pid).join(', ')})`);
    });
  }
  process.once('SIGTERM', () => {
    let left = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => --left === 0 && process.exit(0));
      worker.process.kill('SIGTERM');
    }
  });
} else {
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, migrate: cluster.isPrimary } : { dataDir: config.dataDir });
  const app = createApp({ db: database.db, counters: database.counters, kind: database.kind, worker: cluster.worker ? cluster.worker.id - 1 : 0 });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
    if (cluster.isWorker) process.send!({ port: info.port });
    else console.log(`listening on ${info.port}`);
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
}
