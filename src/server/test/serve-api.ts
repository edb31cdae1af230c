/**
 * A bare API process for tests that need several: `createApp` on the PostgreSQL database in
 * DATABASE_URL (mail to SMTP_URL, or the log), on PORT and HOST (PORT=0: any free port). Prints
 * `listening on {port}` once it answers; stops on SIGTERM.
 *
 *   DATABASE_URL=postgres://... PORT=0 node src/server/test/serve-api.ts
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from '#server/app.ts';
import { config } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';

if (!config.databaseUrl) throw new Error('serve-api needs DATABASE_URL (a database every process can open)');
const database = await openDatabase({ url: config.databaseUrl });
const app = createApp({ db: database.db, kind: database.kind });
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info: AddressInfo) => {
  console.log(`listening on ${info.port}`);
});
process.once('SIGTERM', () => {
  server.close(async () => {
    await app.settled();
    await database.close();
    process.exit(0);
  });
});
