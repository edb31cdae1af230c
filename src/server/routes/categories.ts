import { Hono } from 'hono';
import { ProductQuerySchema } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import type { CatalogueCache } from '#server/catalog/cache.ts';
import { listProducts } from '#server/catalog/list-products.ts';
import { findCategory, listCategories } from '#server/catalog/reads.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseQuery, pathParam } from '#server/http/params.ts';
import { sendFinished } from '#server/http/replies.ts';

const CategoryProductsQuerySchema = ProductQuerySchema.omit({ category: true });

export function categoryRoutes(db: Database, cache: CatalogueCache) {
  const app = new Hono();

  /** GET /api/category: every category in display order, with productCount. */
  app.get('/category', async (c) => {
    const reply = await cache.reply('categories', async () => ({ data: await listCategories(db), productIds: [] }));
    return sendFinished(c, reply!);
  });

  /** GET /api/categories/{id or name}/products?page&limit (and the list's sort and filters). */
  app.get('/categories/:id/products', async (c) => {
    const query = parseQuery(c, CategoryProductsQuerySchema);
    const name = pathParam(c, 'id');
    const reply = await cache.reply(`category ${JSON.stringify([name, query])}`, async () => {
      const category = await findCategory(db, name);
      if (!category) return { data: undefined, productIds: [] };
      const list = await listProducts(db, { ...query, categoryId: category.id });
      return { data: list, productIds: list.products.map((p) => p._id) };
    });
    if (!reply) throw new HttpError(404, 'Category not found');
    return sendFinished(c, reply);
  });

  return app;
}
