import { z } from 'zod';
import type { DatabaseKind, Database } from '#server/db/client.ts';
import type { CachedReply, CatalogueCache } from '#server/catalog/cache.ts';
import { catalogVersion } from '#server/catalog/reads.ts';
import { dataReply, documentedRoutes, route } from '#server/http/openapi.ts';
import { jsonBytesReply, ok } from '#server/http/replies.ts';

/**
 * GET /api/health: liveness, the database kind, which of the store's processes answered (`worker`,
 * 0 … WORKERS-1), and the catalogue version the build keys on (read from the database once a
 * catalogue change, then from memory). GET /api/health/live: the process
 * answers, without touching the database: a load balancer's liveness probe, and the benchmarks'
 * bare JSON endpoint (what the HTTP stack alone costs).
 */
export function healthRoutes(db: Database, kind: DatabaseKind, cache: CatalogueCache, worker: number) {
  const app = documentedRoutes();
  let finished: { from: CachedReply; body: Buffer } | undefined;
  route(app, {
    method: 'get',
    path: '/',
    tag: 'Health',
    summary: 'Liveness with the database kind, the answering process and the catalogue version',
    replies: {
      200: {
        description: '`no-store`',
        schema: dataReply(z.strictObject({ status: z.literal('ok'), catalogVersion: z.string(), database: z.enum(['pglite', 'postgres']), worker: z.number().int() })),
      },
    },
  }, async (c) => {
    const held = (await cache.reply('catalogue version', async () => ({ data: await catalogVersion(db), productIds: [] })))!;
    // The reply changes only with the catalogue version, so it is made once for each.
    if (finished?.from !== held) {
      const version = (JSON.parse(held.body.toString()) as { data: string }).data;
      finished = { from: held, body: Buffer.from(JSON.stringify({ success: true, data: { status: 'ok', catalogVersion: version, database: kind, worker } })) };
    }
    return jsonBytesReply(c, finished.body, 200, 'no-store');
  });
  route(app, {
    method: 'get',
    path: '/live',
    tag: 'Health',
    summary: "The process answers, without touching the database (a load balancer's probe)",
    replies: { 200: { description: '`no-store`', schema: dataReply(z.strictObject({ status: z.literal('ok') })) } },
  }, (c) => ok(c, { status: 'ok' as const }, 'no-store'));
  return app;
}
