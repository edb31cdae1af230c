/**
 * Everything the API does around a route, as one middleware: a single step in Hono's chain costs
 * a cached catalogue read more than the work each part does on it. In order, for every request:
 * - API_HEADERS are put on its reply (apiHeaders' two halves, http/replies.ts);
 * - for /api paths: where the request came from is noted for the limits (the client's key itself
 *   is worked out only when a limit asks, limits/client-address.ts);
 * - for /api paths with an `Origin`: the CORS answer. Only the listed origins' pages may call the
 *   API from another origin: no wildcard, and a foreign Origin is never echoed, so another site's
 *   script cannot use a shopper's token through it. A request without an Origin (the site's own
 *   pages' GETs, servers, tests) needs no CORS answer; replies a cache may keep say
 *   `Vary: Origin` themselves (sendFinished);
 * - for /api paths: a reply that is neither finished nor small gzipped (compress-replies.ts;
 *   catalogue pages of up to 500 products shrink about tenfold);
 * - the route pattern that answered is named for the request's metrics and log line
 *   (monitoring/requests.ts): none answered, none named.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { compressReply } from '#server/compress-replies.ts';
import { noteClient, type TrustProxy } from '#server/limits/client-address.ts';
import { beginApiHeaders, endApiHeaders } from './replies.ts';
import { matchedRoutes } from 'hono/route';
import type { Context } from 'hono';
import { noteRoute } from '#server/monitoring/log.ts';

/** The pattern of the route (not middleware, which is registered for every method) this request matched. */
function routeOf(c: Context): string | undefined {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i].method !== 'ALL') return routes[i].path;
  return undefined;
}

export interface ApiMiddlewareOptions {
  /** Origins whose pages may call the API from another origin. */
  corsOrigins: string[];
  /** Which proxies' X-Forwarded-For names the client. */
  trustProxy: TrustProxy;
}

export function apiMiddleware({ corsOrigins, trustProxy }: ApiMiddlewareOptions): MiddlewareHandler {
  const allowOrigins = cors({
    origin: corsOrigins,
    allowHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
    exposeHeaders: ['Retry-After'],
    maxAge: 600,
  });
  return async (c, next) => {
    const headers = beginApiHeaders(c);
    const path = c.req.path;
    if (path === '/api' || path.startsWith('/api/')) {
      noteClient(c, trustProxy);
      if (c.req.header('origin') === undefined) await next();
      else {
        // A preflight is answered by CORS itself: its reply is this request's.
        const answered = await allowOrigins(c, next);
        if (answered && !c.finalized) c.res = answered;
      }
      await compressReply(c);
    } else await next();
    const route = routeOf(c);
    if (route) noteRoute(route);
    endApiHeaders(c, headers);
  };
}
