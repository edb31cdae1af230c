/**
 * The baseline of `npm run bench:api`: a bare Hono app on @hono/node-server (the store's own
 * versions), one JSON route and nothing else: what the framework alone answers on this machine.
 * Listens on PORT (0: any) on 127.0.0.1 and prints `listening on {port}`.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';

const app = new Hono();
app.get('/json', (c) => c.json({ success: true, data: { status: 'ok' } }));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`listening on ${info.port}`);
});
process.once('SIGTERM', () => {
  (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  server.close(() => process.exit(0));
});
