/**
 * The replies every route makes: the `{success, message?, data?, errors?}` envelope made in one go
 * (jsonReply, ok, fail), finished catalogue replies with their ETag (sendFinished), and the cache
 * headers each kind of reply carries.
 */
import type { Context } from 'hono';
import { gzipSync } from 'node:zlib';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { HttpErrorExtras } from './errors.ts';
import { documentedRoutes } from './openapi.ts';

export function fail(c: Context, status: ContentfulStatusCode, message: string, errors?: Record<string, string>, extras?: HttpErrorExtras) {
  for (const [name, value] of Object.entries(extras?.headers ?? {})) c.header(name, value);
  return jsonReply(c, { success: false as const, ...extras?.fields, message, ...(errors ? { errors } : {}) }, status, 'no-store');
}

/**
 * A JSON reply made in one go: its bytes (gzipped from 1 KB for a client that takes gzip), their
 * length, and every header set before the reply exists, so no middleware has to copy it after.
 */
export function jsonReply(c: Context, body: unknown, status: ContentfulStatusCode, cache: string) {
  const bytes = Buffer.from(JSON.stringify(body));
  c.header('Cache-Control', cache);
  c.header('Content-Type', 'application/json');
  c.header('Vary', 'Accept-Encoding');
  c.set('finished', true);
  if (bytes.length >= GZIP_FROM_BYTES && acceptsGzip(c)) {
    c.header('Content-Encoding', 'gzip');
    return c.body(gzipSync(bytes, { level: 6 }) as Uint8Array<ArrayBuffer>, status);
  }
  return c.body(bytes as Uint8Array<ArrayBuffer>, status);
}

/** Smaller replies are sent as they are: gzip would save little and cost more. */
export const GZIP_FROM_BYTES = 1024;

/** A Hono app whose every reply says `Cache-Control: no-store` (accounts, orders, reviews, lists). */
export function uncachedRoutes() {
  const app = documentedRoutes();
  app.use('*', async (c, next) => {
    // Set before the reply exists, so the reply is made with it: a header set on a finished reply
    // makes Hono copy the whole reply (through a stream) to change it.
    c.header('Cache-Control', 'no-store');
    await next();
    // Only a reply made without the context's headers would lack it; that one is copied.
    if (c.res.headers.get('Cache-Control') !== 'no-store') c.header('Cache-Control', 'no-store');
  });
  return app;
}

/** Catalogue reads may be cached briefly by browsers and CDNs. */
export const CATALOG_CACHE = 'public, max-age=60';

export function ok<T>(c: Context, data: T, cache = CATALOG_CACHE) {
  return jsonReply(c, { success: true as const, data }, 200, cache);
}

/** Whether the request takes a gzip body (Accept-Encoding names gzip or *, without q=0). */
export function acceptsGzip(c: Context): boolean {
  const header = c.req.header('accept-encoding');
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Sends a finished reply (catalog/cache.ts) with its ETag: 304 when the client holds it already
 * (If-None-Match), its gzip when the client takes one, the JSON bytes otherwise.
 */
export function sendFinished(c: Context, reply: { body: Uint8Array; gzip?: Uint8Array; etag: string }, cache = CATALOG_CACHE) {
  c.header('Cache-Control', cache);
  c.header('ETag', reply.etag);
  c.header('Vary', 'Accept-Encoding, Origin');
  c.set('finished', true);
  const held = c.req.header('if-none-match');
  if (held && held.split(',').some((tag) => tag.trim() === reply.etag || tag.trim() === '*')) return c.body(null, 304);
  c.header('Content-Type', 'application/json');
  if (reply.gzip && acceptsGzip(c)) {
    c.header('Content-Encoding', 'gzip');
    return c.body(reply.gzip as Uint8Array<ArrayBuffer>);
  }
  return c.body(reply.body as Uint8Array<ArrayBuffer>);
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The reply is a finished one (sendFinished): middleware leaves it as it is. */
    finished: boolean;
  }
}
