/**
 * Every request the store answers, observed once: it gets an id (a sane incoming `X-Request-Id`, as
 * a load balancer sends, or a new one), which its reply carries in `X-Request-Id` and its log lines
 * in `requestId`; its seconds go to the latency histogram under its route pattern (metrics.ts); with
 * LOG_FORMAT=json one line says how it went. The line names the route pattern, never the path or
 * query: those may hold a reset token or an order's id.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { inRequest, log, logsRequests, type RequestScope } from './log.ts';
import { recordRequest } from './metrics.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept when it is short and plain (letters, digits, `.`, `_`, `:`, `-`). */
const SANE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** The route a request that no route answered is counted under. */
export const UNMATCHED = '(unmatched)';

function incomingId(request: Request, env: unknown): string | undefined {
  const nodeHeaders = (env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming?.headers;
  const given = nodeHeaders ? nodeHeaders['x-request-id'] : (request.headers.get('x-request-id') ?? undefined);
  return typeof given === 'string' && SANE_ID.test(given) ? given : undefined;
}

/**
 * Answers `request` with `answer`, observed as above. `route` is the fixed name of what answers
 * (`(site)`), or undefined when a route names itself (log.ts, noteRoute) as the API's do.
 */
export async function observed(request: Request, env: unknown, route: string | undefined, answer: () => Response | Promise<Response>): Promise<Response> {
  const scope: RequestScope = { requestId: incomingId(request, env) ?? randomUUID(), route };
  const started = performance.now();
  let status = 500;
  try {
    let response = await inRequest(scope, answer);
    status = response.status;
    try {
      response.headers.set(REQUEST_ID_HEADER, scope.requestId);
    } catch {
      // A reply whose headers are fixed (one fetched from elsewhere): the same reply, with the id.
      response = new Response(response.body, response);
      response.headers.set(REQUEST_ID_HEADER, scope.requestId);
    }
    return response;
  } finally {
    const seconds = (performance.now() - started) / 1000;
    const name = scope.route ?? UNMATCHED;
    recordRequest(request.method, name, status, seconds);
    if (logsRequests()) {
      inRequest(scope, () => log.info({ method: request.method, route: name, status, ms: Math.round(seconds * 10_000) / 10 }, 'request'));
    }
  }
}
