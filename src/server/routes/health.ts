import { Hono } from 'hono';
import type { DatabaseKind, Database } from '#server/db/client.ts';
import { catalogVersion } from '#server/catalog/reads.ts';
import { ok } from '#server/http.ts';

/** GET /api/health: liveness, the database kind, and the catalogue version the build keys on. */
export function healthRoutes(db: Database, kind: DatabaseKind) {
  const app = new Hono();
  app.get('/', async (c) => ok(c, { status: 'ok' as const, catalogVersion: await catalogVersion(db), database: kind }, 'no-store'));
  return app;
}
