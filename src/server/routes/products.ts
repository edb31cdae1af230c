import { z } from 'zod';
import { ProductDetailSchema, ProductPageSchema, ProductQuerySchema } from '#lib/schemas/catalog.ts';
import { CONTROL_CHARACTERS } from '#lib/control-characters.ts';
import { LiveProductSchema, MAX_LIVE_IDS } from '#lib/live-figures.ts';
import { PRODUCT_ID_MAX_LENGTH } from '#lib/product-id.ts';
import type { Database } from '#server/db/client.ts';
import { listProducts, paginate } from '#server/catalog/list-products.ts';
import { findCategory, getProduct, liveFigures } from '#server/catalog/reads.ts';
import type { CatalogueCache } from '#server/catalog/cache.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseQuery, pathParam } from '#server/http/params.ts';
import { dataReply, documentedRoutes, refusal, route, type Reply } from '#server/http/openapi.ts';
import { CATALOG_CACHE, ok } from '#server/http/replies.ts';
import { sendCached } from '#server/catalog/reply-lane.ts';

const TAG = 'Catalogue';
/** A client holding the reply's ETag (If-None-Match) gets a 304 without a body. */
export const NOT_MODIFIED: Reply = { description: 'Not modified: the ETag the client holds is current.' };
const BAD_QUERY = refusal("A parameter unknown, repeated, out of range or holding a control character: `Invalid query parameter '{name}': …`.");
const NO_PRODUCT = refusal("'Product not found', or a path parameter over 200 characters or with a control character (400).");

/**
 * Live figures change with every order: they follow the catalogue's rule (right again within 5 s of
 * an order or an import; browsers ask each time and get a 304 when nothing changed).
 */
export const LIVE_CACHE = CATALOG_CACHE;

/** The `ids` of a live-figures request: distinct, in the order given, or a 400 in words. */
export function liveIds(raw: string | undefined): string[] {
  // One pass over the parts (this runs on every live-figures read, most of them cached).
  const distinct = new Set<string>();
  let malformed = false;
  for (const part of (raw ?? '').split(',')) {
    const id = part.trim();
    if (id === '' || distinct.has(id)) continue;
    distinct.add(id);
    if (id.length > PRODUCT_ID_MAX_LENGTH || CONTROL_CHARACTERS.test(id)) malformed = true;
  }
  const ids = [...distinct];
  const problem =
    ids.length === 0
      ? 'must name at least one product'
      : ids.length > MAX_LIVE_IDS
        ? `must name at most ${MAX_LIVE_IDS} products`
        : malformed
          ? `must be product ids separated by commas`
          : undefined;
  if (problem) throw new HttpError(400, `Invalid query parameter 'ids': ${problem}`, { ids: problem });
  return ids;
}

/**
 * liveIds of the `ids` texts asked lately (a shopper's cart asks for the same ones again and
 * again), kept while there are few and short enough to hold: liveIds is most of a cached
 * live-figures read. Refused texts are not kept: they are checked, and refused, each time.
 */
const recentLiveIds = new Map<string, string[]>();
const RECENT_LIVE_IDS = 512;
const RECENT_LIVE_IDS_TEXT = 4096;

function liveIdsOf(raw: string | undefined): readonly string[] {
  const known = raw === undefined ? undefined : recentLiveIds.get(raw);
  if (known) return known;
  const ids = liveIds(raw);
  if (raw !== undefined && raw.length <= RECENT_LIVE_IDS_TEXT) {
    if (recentLiveIds.size >= RECENT_LIVE_IDS) recentLiveIds.clear();
    recentLiveIds.set(raw, ids);
  }
  return ids;
}

export function productRoutes(db: Database, cache: CatalogueCache) {
  const app = documentedRoutes();

  route(app, {
    method: 'get',
    path: '/',
    tag: TAG,
    summary: 'A page of products',
    description: 'Every word of `q` must appear; ranked by relevance when no sort is named. An unknown `category` gives an empty page.',
    query: ProductQuerySchema,
    replies: { 200: { description: `The page (\`Cache-Control: ${CATALOG_CACHE}\`, with an ETag).`, schema: dataReply(ProductPageSchema) }, 304: NOT_MODIFIED, 400: BAD_QUERY },
  }, async (c) => {
    const { category, ...query } = parseQuery(c, ProductQuerySchema);
    const key = `list ${JSON.stringify([category, query])}`;
    const reply = await cache.reply(key, async () => {
      let categoryId: string | undefined;
      if (category !== undefined) {
        // An unknown category matches nothing: an empty page, as for any other filter.
        const found = await findCategory(db, category);
        if (!found) return { data: { products: [], pagination: paginate(query.page, query.limit, 0) }, productIds: [] };
        categoryId = found.id;
      }
      const list = await listProducts(db, { ...query, categoryId });
      return { data: list, productIds: list.products.map((p) => p._id) };
    });
    return sendCached(c, cache, key, reply!);
  });

  route(app, {
    method: 'get',
    path: '/live',
    tag: TAG,
    summary: 'Price, discount and stock of up to 100 products',
    description: 'The ids the catalogue knows, in the order asked; any other parameter is a 400.',
    query: z.strictObject({ ids: z.string().meta({ description: `Product ids separated by commas (at most ${MAX_LIVE_IDS}).` }) }),
    replies: {
      200: { description: `Cache-Control: ${LIVE_CACHE}`, schema: dataReply(z.array(LiveProductSchema)) },
      304: NOT_MODIFIED,
      400: BAD_QUERY,
    },
  }, async (c) => {
    // The query string parsed once: its names, and the first `ids` (what c.req.query('ids') gives).
    const queries = c.req.queries();
    const extra = Object.keys(queries).find((name) => name !== 'ids');
    if (extra) throw new HttpError(400, `Unknown query parameter '${extra.slice(0, 40)}'`, { [extra.slice(0, 40)]: 'is not a parameter of this endpoint' });
    const ids = liveIdsOf(queries.ids?.[0]);
    const key = `live ${ids.join(',')}`;
    const reply = await cache.reply(key, async () => ({ data: await liveFigures(db, ids), productIds: ids }));
    return sendCached(c, cache, key, reply!, LIVE_CACHE);
  });

  route(app, {
    method: 'get',
    path: '/{id}',
    tag: TAG,
    summary: 'One product, with its reviews and related products',
    replies: { 200: { description: 'The product (cached like the list).', schema: dataReply(ProductDetailSchema) }, 304: NOT_MODIFIED, 400: NO_PRODUCT, 404: NO_PRODUCT },
  }, async (c) => {
    const id = pathParam(c, 'id');
    const key = `product ${id}`;
    const reply = await cache.reply(key, async () => {
      const product = await getProduct(db, id);
      return { data: product, productIds: product ? [id, ...product.relatedProducts.map((p) => p._id)] : [], availability: true };
    });
    if (!reply) throw new HttpError(404, 'Product not found');
    return sendCached(c, cache, key, reply);
  });

  /**
   * GET /api/products/{id}/related answers, whatever its path says, the product itself as it is now
   * (the same detail as GET /api/products/{id}: figures, reviews newest first, related products)
   * under `data.product`; the path is the specification's and stays. It is what the review form
   * re-reads after posting: read past the cache and never stored by a browser or CDN (no-store), so
   * the shopper's new review is always in it.
   */
  route(app, {
    method: 'get',
    path: '/{id}/related',
    tag: TAG,
    summary: 'The product itself, fresh (what the review form re-reads)',
    description: 'Despite its path, the product itself with its reviews newest first; `Cache-Control: no-store`.',
    replies: { 200: { description: 'The product under `data.product`.', schema: dataReply(z.strictObject({ product: ProductDetailSchema })) }, 400: NO_PRODUCT, 404: NO_PRODUCT },
  }, async (c) => ok(c, { product: await freshProduct(pathParam(c, 'id')) }, 'no-store'));

  /** The product as the database holds it now, past the catalogue cache; 404 when unknown. */
  async function freshProduct(id: string) {
    const product = await getProduct(db, id);
    if (!product) throw new HttpError(404, 'Product not found');
    return product;
  }

  return app;
}
