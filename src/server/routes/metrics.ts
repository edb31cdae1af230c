/**
 * GET /api/operator/metrics: the store's figures in Prometheus's text format (monitoring/metrics.ts),
 * for the operator's scraper only. Answered to
 * - a request from loopback (the socket is 127.0.0.1 or ::1) that no proxy passed on: a request
 *   carrying X-Forwarded-For, Forwarded or X-Real-IP came from elsewhere, whatever TRUST_PROXY says;
 * - a request carrying `Authorization: Bearer <METRICS_KEY>`, from anywhere, when the key is set.
 * Anything else is a 403 'Forbidden.' that says nothing more.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from '#server/http/errors.ts';
import { documentedRoutes, refusal, route } from '#server/http/openapi.ts';
import { forwarded, fromLoopback } from '#server/limits/client-address.ts';
import { METRICS_CONTENT_TYPE, metricsText } from '#server/monitoring/metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function metricsRoutes({ key }: { key?: string }) {
  const app = documentedRoutes();
  const expected = key ? digest(`Bearer ${key}`) : undefined;
  route(app, {
    method: 'get',
    path: '/metrics',
    tag: 'Operator',
    access: 'metrics',
    summary: "The store's figures for a Prometheus scraper",
    description: 'Requests by route and status, orders, limits, builds, caches, database pools, Node figures; with WORKERS, every process summed. Names and meanings: docs/operations.md.',
    replies: {
      200: { description: "Prometheus's text format (0.0.4).", mediaType: 'text/plain' },
      403: refusal("'Forbidden.': not from loopback (or passed on by a proxy), and without the key."),
      503: refusal('The figures of every process could not be gathered in time; ask again.'),
    },
  }, async (c) => {
    const keyed = expected !== undefined && timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected);
    if (!keyed && (!fromLoopback(c) || forwarded(c))) throw new HttpError(403, 'Forbidden.');
    let text: string;
    try {
      text = await metricsText();
    } catch {
      throw new HttpError(503, 'The figures could not be gathered in time; ask again.');
    }
    return c.body(text, 200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Cache-Control': 'no-store' });
  });
  return app;
}
