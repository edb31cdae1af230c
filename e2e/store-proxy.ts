/**
 * A server of a spec's own in front of the e2e store, for specs that serve pages of their own
 * (another build, a held file): /api/ goes on to the store and its reply comes back, every other
 * request to the spec's handler. The store's reply body arrives decoded (fetch undoes the gzip),
 * so its encoding and length headers are dropped.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

function forwardTo(origin: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.delete('host');
    const reply = await fetch(new URL(url.pathname + url.search, origin), { method: request.method, headers });
    const out = new Headers(reply.headers);
    out.delete('content-encoding');
    out.delete('content-length');
    return new Response(reply.body, { status: reply.status, headers: out });
  };
}

/** Serves `files` on a free port of 127.0.0.1, /api/ passed to the store at `store`: its origin, and close() to stop it. */
export async function serveInFrontOfStore(store: string, files: (request: Request) => Response | Promise<Response>): Promise<{ origin: string; close: () => Promise<void> }> {
  const toStore = forwardTo(store);
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve({ fetch: (request) => (new URL(request.url).pathname.startsWith('/api/') ? toStore(request) : files(request)), port: 0, hostname: '127.0.0.1' }, () => done(s));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
