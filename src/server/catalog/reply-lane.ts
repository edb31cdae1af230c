/**
 * Catalogue reads answered before routing. Most of what the API serves on a busy day is the same
 * few products, lists and live figures, already finished in the catalogue cache; for those, Hono's
 * dispatch (the middleware, the route, the query's validation) costs more than sending the reply.
 * So a route that sends a finished reply also teaches the cache which entry answers its request
 * target (`sendCached`), and the next GET for exactly that target is answered from the entry at
 * once (`answerEarly`), with the very headers the route would send.
 *
 * Only what cannot change the answer is skipped: a target is learned after the route has checked
 * it, and the same target always parses to the same entry; a stale entry is read again through
 * the route. A request that needs more than the entry (a CORS answer for an `Origin`, HEAD, any
 * other method) goes through the app as before. Catalogue reads have no per-client limit, so
 * skipping where the limits note the client changes nothing.
 */
import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { API_HEADERS, CATALOG_CACHE, finishedParts, sendFinished } from '#server/http/replies.ts';
import type { CachedReply, CatalogueCache } from './cache.ts';
import { routePath } from 'hono/route';
import { noteRoute } from '#server/monitoring/log.ts';

/** The path and query of a request's URL (`scheme://host/path?query`), as the client sent them. */
export function targetOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

/** sendFinished, teaching `cache` that this request's target is answered by the entry under `key`. */
export function sendCached(c: Context, cache: CatalogueCache, key: string, reply: CachedReply, cacheControl = CATALOG_CACHE): Response {
  if (c.req.method === 'GET') cache.learn(targetOf(c.req.url), key, cacheControl, routePath(c));
  return sendFinished(c, reply, cacheControl);
}

/**
 * The reply to a GET whose target the cache has learned and still holds, or undefined (the app
 * answers). `env` is what @hono/node-server passes (the Node request: its headers are read as
 * they are, without making a Headers object).
 */
export function answerEarly(cache: CatalogueCache, request: Request, env: unknown): Response | undefined {
  if (request.method !== 'GET') return undefined;
  const nodeHeaders = (env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming?.headers;
  const header = nodeHeaders ? (name: string) => joined(nodeHeaders[name]) : (name: string) => request.headers.get(name) ?? undefined;
  if (header('origin') !== undefined) return undefined;
  const known = cache.known(targetOf(request.url));
  if (!known) return undefined;
  if (known.route) noteRoute(known.route);
  const { status, body, headers } = finishedParts(known.reply, known.cacheControl, header('if-none-match'), header('accept-encoding'));
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers: { ...API_HEADERS, ...headers } });
}

function joined(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
