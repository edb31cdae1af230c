import { Hono } from 'hono';
import type { DatabaseKind, Database } from '#server/db/client.ts';
import { catalogVersion } from '#server/catalog/reads.ts';
import { ok } from '#server/http.ts';

/**
 * GET /api/health: liveness, the database kind, and the catalogue version the build keys on (one
 * query). GET /api/health/live: the process answers, without touching the database: a load
 * balancer's liveness probe, and the benchmarks' bare JSON endpoint (what the HTTP stack alone costs).
 */
export function healthRoutes(db: Database, kind: DatabaseKind) {
  const app = new Hono();
  app.get('/', async (c) => ok(c, { status: 'ok' as const, catalogVersion: await catalogVersion(db), database: kind }, 'no-store'));
  app.get('/live', (c) => ok(c, { status: 'ok' as const }, 'no-store'));
  return app;
}
