/**
 * The public search helpers beside the products API's search (GET /api/products?q=):
 * - GET /api/search/dictionary: the shop's dictionary, which the build puts into the suggestions'
 *   index (cached and dropped like every catalogue reply: catalog/cache.ts);
 * - GET /api/search/nearest?q=: what the search page offers when a search finds nothing
 *   (catalog/nearest.ts); never cached, since it counts the term that found nothing. What one
 *   client adds to that count is limited (limits.ts, `searchMisses`): past its budget it still
 *   gets its answer, the table just does not hear of it.
 */
import { DictionaryReplySchema, NearestQuerySchema, NearestReplySchema } from '#lib/schemas/public-search.ts';
import type { Database } from '#server/db/client.ts';
import type { CatalogueCache } from '#server/catalog/cache.ts';
import { nearest } from '#server/catalog/nearest.ts';
import { searchContext } from '#server/catalog/search-context.ts';
import { sendCached } from '#server/catalog/reply-lane.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseQuery } from '#server/http/params.ts';
import { dataReply, documentedRoutes, refusal, route } from '#server/http/openapi.ts';
import { ok } from '#server/http/replies.ts';
import { requestClient } from '#server/limits/client-address.ts';
import type { Limits } from '#server/limits/limits.ts';
import { NOT_MODIFIED } from './products.ts';

const TAG = 'Catalogue';

export function searchRoutes(db: Database, cache: CatalogueCache, limits: Limits) {
  const app = documentedRoutes();

  route(app, {
    method: 'get',
    path: '/dictionary',
    tag: TAG,
    summary: "The shop's search dictionary: what shoppers type (Roman Urdu, Urdu script, local English, brand shorthand) and what it finds",
    description: 'Every search applies it (the products API, the suggestions, the search page); the build puts it into the suggestions\' index.',
    replies: { 200: { description: 'The entries, oldest first (cached like the catalogue).', schema: dataReply(DictionaryReplySchema) }, 304: NOT_MODIFIED },
  }, async (c) => {
    const reply = await cache.reply('search dictionary', async () => ({ data: { synonyms: (await searchContext(db)).synonyms }, productIds: [] }));
    return sendCached(c, cache, 'search dictionary', reply!);
  });

  route(app, {
    method: 'get',
    path: '/nearest',
    tag: TAG,
    summary: 'For a search that finds nothing: searches that would (did you mean), and popular products',
    description:
      'A term that finds nothing is counted (its folded words only, nothing about the shopper) for the editors\' list of searches that found nothing. Not cached.',
    query: NearestQuerySchema,
    replies: {
      200: { description: 'Rewritten searches that find products (at most 3, nearest first) and products in stock, most sold lately first (at most 8).', schema: dataReply(NearestReplySchema) },
      400: refusal("A missing or over-long `q`, or one holding a control character: `Invalid query parameter 'q': …`."),
    },
  }, async (c) => {
    const { q } = parseQuery(c, NearestQuerySchema);
    const mayCount = async () => {
      try {
        await limits.searchMisses.take(requestClient(c));
        return true;
      } catch (err) {
        if (err instanceof HttpError && err.status === 429) return false;
        throw err;
      }
    };
    return ok(c, await nearest(db, q, mayCount), 'no-store');
  });

  return app;
}
