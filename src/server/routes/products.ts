import { Hono } from 'hono';
import { ProductQuerySchema } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import { findCategory, getProduct, listProducts, paginate } from '#server/catalog/reads.ts';
import { HttpError, ok, parseQuery, pathParam } from '#server/http.ts';

export function productRoutes(db: Database) {
  const app = new Hono();

  /** GET /api/products?q&category&page&limit&sortBy&sortOrder&minPrice&maxPrice&rating&include */
  app.get('/', async (c) => {
    const { category, ...query } = parseQuery(c, ProductQuerySchema);
    if (category !== undefined) {
      const found = await findCategory(db, category);
      // An unknown category matches nothing: an empty page, as for any other filter.
      if (!found) return ok(c, { products: [], pagination: paginate(query.page, query.limit, 0) });
      return ok(c, await listProducts(db, { ...query, categoryId: found.id }));
    }
    return ok(c, await listProducts(db, query));
  });

  app.get('/:id', async (c) => {
    const product = await getProduct(db, pathParam(c, 'id'));
    if (!product) throw new HttpError(404, 'Product not found');
    return ok(c, product);
  });

  /**
   * What the review form re-reads after posting: the product, fresh, under `data.product`. Never
   * stored by a browser or CDN (no-store), so the shopper's new review is always in it.
   */
  app.get('/:id/related', async (c) => {
    const product = await getProduct(db, pathParam(c, 'id'));
    if (!product) throw new HttpError(404, 'Product not found');
    return ok(c, { product }, 'no-store');
  });

  return app;
}
