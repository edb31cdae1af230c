import { Hono } from 'hono';
import { ProductQuerySchema } from '#lib/schemas/catalog.ts';
import { CONTROL_CHARACTERS } from '#lib/control-characters.ts';
import { MAX_LIVE_IDS } from '#lib/live-figures.ts';
import { PRODUCT_ID_MAX_LENGTH } from '#lib/product-id.ts';
import type { Database } from '#server/db/client.ts';
import { listProducts, paginate } from '#server/catalog/list-products.ts';
import { findCategory, getProduct, liveFigures } from '#server/catalog/reads.ts';
import type { CatalogueCache } from '#server/catalog/cache.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseQuery, pathParam } from '#server/http/params.ts';
import { ok, sendFinished } from '#server/http/replies.ts';

/**
 * Live figures change with every order: a CDN may hold them a moment (and serve them a moment more
 * while it asks again), so they are right again within 5 s of an order or an import; browsers ask
 * each time and get a 304 when nothing changed.
 */
export const LIVE_CACHE = 'public, max-age=0, s-maxage=2, stale-while-revalidate=3';

/** The `ids` of a live-figures request: distinct, in the order given, or a 400 in words. */
export function liveIds(raw: string | undefined): string[] {
  const ids = [...new Set((raw ?? '').split(',').map((id) => id.trim()).filter(Boolean))];
  const problem =
    ids.length === 0
      ? 'must name at least one product'
      : ids.length > MAX_LIVE_IDS
        ? `must name at most ${MAX_LIVE_IDS} products`
        : ids.some((id) => id.length > PRODUCT_ID_MAX_LENGTH || CONTROL_CHARACTERS.test(id))
          ? `must be product ids separated by commas`
          : undefined;
  if (problem) throw new HttpError(400, `Invalid query parameter 'ids': ${problem}`, { ids: problem });
  return ids;
}

export function productRoutes(db: Database, cache: CatalogueCache) {
  const app = new Hono();

  /** GET /api/products?q&category&page&limit&sortBy&sortOrder&minPrice&maxPrice&rating&include */
  app.get('/', async (c) => {
    const { category, ...query } = parseQuery(c, ProductQuerySchema);
    const reply = await cache.reply(`list ${JSON.stringify([category, query])}`, async () => {
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
    return sendFinished(c, reply!);
  });

  /** GET /api/products/live?ids=a,b,…: price, discount and stock of up to 100 products. */
  app.get('/live', async (c) => {
    const extra = Object.keys(c.req.queries()).find((name) => name !== 'ids');
    if (extra) throw new HttpError(400, `Unknown query parameter '${extra.slice(0, 40)}'`, { [extra.slice(0, 40)]: 'is not a parameter of this endpoint' });
    const ids = liveIds(c.req.query('ids'));
    const reply = await cache.reply(`live ${ids.join(',')}`, async () => ({ data: await liveFigures(db, ids), productIds: ids }));
    return sendFinished(c, reply!, LIVE_CACHE);
  });

  app.get('/:id', async (c) => {
    const id = pathParam(c, 'id');
    const reply = await cache.reply(`product ${id}`, async () => {
      const product = await getProduct(db, id);
      return { data: product, productIds: product ? [id, ...product.relatedProducts.map((p) => p._id)] : [], availability: true };
    });
    if (!reply) throw new HttpError(404, 'Product not found');
    return sendFinished(c, reply);
  });

  /**
   * GET /api/products/{id}/related answers, whatever its path says, the product itself as it is now
   * (the same detail as GET /api/products/{id}: figures, reviews newest first, related products)
   * under `data.product`; the path is the specification's and stays. It is what the review form
   * re-reads after posting: read past the cache and never stored by a browser or CDN (no-store), so
   * the shopper's new review is always in it.
   */
  app.get('/:id/related', async (c) => ok(c, { product: await freshProduct(pathParam(c, 'id')) }, 'no-store'));

  /** The product as the database holds it now, past the catalogue cache; 404 when unknown. */
  async function freshProduct(id: string) {
    const product = await getProduct(db, id);
    if (!product) throw new HttpError(404, 'Product not found');
    return product;
  }

  return app;
}
