/**
 * One of the two static servers `npm run bench:static` compares, in a process of its own, on
 * 127.0.0.1:PORT (0: any), serving DIST; prints `listening on {port}`:
 * - `own`: the store's staticHandler (src/server/static.ts) on @hono/node-server, as main.ts serves it;
 * - `library`: @hono/node-server's serveStatic with the files compressed beside them (`precompressed`),
 *   its 404 for anything it does not find.
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { staticHandler } from '#server/static.ts';

const [kind, dist] = process.argv.slice(2);
let fetch: (request: Request) => Response | Promise<Response>;
if (kind === 'own') {
  fetch = staticHandler(() => dist);
} else {
  const app = new Hono();
  app.use('*', serveStatic({ root: dist, precompressed: true, allowPercentInPath: true }));
  fetch = app.fetch;
}
const server = serve({ fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info: AddressInfo) => console.log(`listening on ${info.port}`));
process.once('SIGTERM', () => {
  (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  server.close(() => process.exit(0));
});
