/**
 * The replies every route makes: the `{success, message?, data?, errors?}` envelope made in one go
 * (jsonReply, ok, fail), finished catalogue replies with their ETag (sendFinished), and the cache
 * headers each kind of reply carries.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { gzipSync } from 'node:zlib';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { HttpErrorExtras } from './errors.ts';
import { documentedRoutes } from './openapi.ts';

export function fail(c: Context, status: ContentfulStatusCode, message: string, errors?: Record<string, string>, extras?: HttpErrorExtras) {
  for (const [name, value] of Object.entries(extras?.headers ?? {})) c.header(name, value);
  return jsonReply(c, { success: false as const, ...extras?.fields, message, ...(errors ? { errors } : {}) }, status, 'no-store');
}

/**
 * What every API reply carries (hono/secure-headers' defaults, with a year of HSTS, and a resource
 * policy that lets the site call the API from another origin when PUBLIC_API_BASE names one).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};

/** Whether something in this request has set a header through the context (apiHeaders tracks it). */
export interface HeaderState {
  set: boolean;
  /** The context's own `header`. */
  header: Context['header'];
}

/**
 * `c.header` while apiHeaders runs: the first header set puts API_HEADERS on first. One function
 * for every request (called with the context as `this`), so the call sites stay monomorphic: a
 * closure made per request cost as much as the plain reply saves.
 */
function trackedHeader(this: Context, name: string, value?: string, options?: { append?: boolean }) {
  const state = this.get('headerState');
  if (!state.set) {
    state.set = true;
    for (const key in API_HEADERS) state.header(key, API_HEADERS[key]);
  }
  state.header(name, value, options);
}

/**
 * Puts API_HEADERS on every reply, at the cheapest point for each:
 * - a finished reply (jsonReply, sendFinished) that nothing else has set a header for is made as one
 *   Response with all its headers in a plain object, which @hono/node-server writes as it is
 *   (Hono's own way builds a Headers object, sets each header on it, and the server reads them
 *   all back);
 * - once anything sets a header through the context (CORS, a route's own), API_HEADERS are set
 *   with it, before the reply exists;
 * - any other reply gets them afterwards (the server then copies it: those replies are rare).
 */
export function apiHeaders(): MiddlewareHandler {
  return async (c, next) => {
    const state = beginApiHeaders(c);
    await next();
    endApiHeaders(c, state);
  };
}

/** apiHeaders' first half, before the request is served: its state, for endApiHeaders. */
export function beginApiHeaders(c: Context): HeaderState {
  const state: HeaderState = { set: false, header: c.header };
  c.set('headerState', state);
  c.header = trackedHeader as Context['header'];
  return state;
}

/** apiHeaders' second half, once the reply exists: API_HEADERS on a reply that has neither them nor was finished. */
export function endApiHeaders(c: Context, state: HeaderState): void {
  if (!state.set && !c.get('finished')) for (const key in API_HEADERS) state.header(key, API_HEADERS[key]);
}

/**
 * A reply with these headers: one Response made in one go when nothing else set a header (see
 * apiHeaders), otherwise through the context, keeping the headers set there.
 */
function reply(c: Context, body: Uint8Array | null, status: StatusCode, headers: Record<string, string>): Response {
  c.set('finished', true);
  const state = c.get('headerState');
  if (state && !state.set) return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers: { ...API_HEADERS, ...headers } });
  for (const name in headers) c.header(name, headers[name]);
  return body === null ? c.body(null, status) : c.body(body as Uint8Array<ArrayBuffer>, status as ContentfulStatusCode);
}

/**
 * A JSON reply made in one go: its bytes (gzipped from 1 KB for a client that takes gzip), their
 * length, and every header, so no middleware has to copy it after.
 */
export function jsonReply(c: Context, body: unknown, status: ContentfulStatusCode, cache: string) {
  return jsonBytesReply(c, Buffer.from(JSON.stringify(body)), status, cache);
}

/** jsonReply for a body already made into JSON bytes (a reply kept between requests). */
export function jsonBytesReply(c: Context, bytes: Buffer, status: ContentfulStatusCode, cache: string) {
  const headers: Record<string, string> = { 'Cache-Control': cache, 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  if (bytes.length >= GZIP_FROM_BYTES && acceptsGzip(c)) {
    headers['Content-Encoding'] = 'gzip';
    return reply(c, gzipSync(bytes, { level: 6 }), status, headers);
  }
  return reply(c, bytes, status, headers);
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

/**
 * Catalogue reads change with an editor's change or an import (a name, a price, a category), and a
 * shopper must see it within seconds, as the live figures do: a CDN may hold a reply 2 s (and serve
 * it 3 s more while it asks again), browsers ask each time and get a 304 with the ETag when nothing
 * changed. So no reply of the catalogue is more than about 5 s behind the database.
 */
export const CATALOG_CACHE = 'public, max-age=0, s-maxage=2, stale-while-revalidate=3';

export function ok<T>(c: Context, data: T, cache = CATALOG_CACHE) {
  return jsonReply(c, { success: true as const, data }, 200, cache);
}

/** Whether the request takes a gzip body (Accept-Encoding names gzip or *, without q=0). */
export function acceptsGzip(c: Context): boolean {
  return takesGzipHeader(c.req.header('accept-encoding'));
}

/** acceptsGzip for the Accept-Encoding header itself. */
export function takesGzipHeader(header: string | undefined): boolean {
  if (!header) return false;
  // Clients send the same few headers over and over: the last answer is kept for its header.
  if (header !== lastAcceptEncoding) {
    lastAcceptEncoding = header;
    lastAcceptsGzip = takesGzip(header);
  }
  return lastAcceptsGzip;
}

let lastAcceptEncoding: string | undefined;
let lastAcceptsGzip = false;

function takesGzip(header: string): boolean {
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** A finished reply (catalog/cache.ts): its JSON bytes, their gzip when worth it, and its ETag. */
export interface Finished {
  body: Uint8Array;
  gzip?: Uint8Array;
  etag: string;
}

/**
 * Sends a finished reply with its ETag: 304 when the client holds it already (If-None-Match), its
 * gzip when the client takes one, the JSON bytes otherwise.
 */
export function sendFinished(c: Context, finished: Finished, cache = CATALOG_CACHE) {
  const { status, body, headers } = finishedParts(finished, cache, c.req.header('if-none-match'), c.req.header('accept-encoding'));
  return reply(c, body, status, headers);
}

/**
 * What sendFinished sends, from the two request headers it depends on: the status, the body and
 * the reply's own headers (without API_HEADERS).
 */
export function finishedParts(finished: Finished, cache: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): { status: 200 | 304; body: Uint8Array | null; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'Cache-Control': cache, ETag: finished.etag, Vary: 'Accept-Encoding, Origin' };
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === finished.etag || tag.trim() === '*')) return { status: 304, body: null, headers };
  headers['Content-Type'] = 'application/json';
  if (finished.gzip && takesGzipHeader(acceptEncoding)) {
    headers['Content-Encoding'] = 'gzip';
    return { status: 200, body: finished.gzip, headers };
  }
  return { status: 200, body: finished.body, headers };
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The reply is a finished one (sendFinished): middleware leaves it as it is. */
    finished: boolean;
    /** Set by apiHeaders: whether a header has been set through the context. */
    headerState: HeaderState;
  }
}
