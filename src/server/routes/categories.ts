import { Hono } from 'hono';
import { ProductQuerySchema } from '../../lib/schemas.ts';
import type { Database } from '../db/client.ts';
import { findCategory, listCategories, listProducts } from '../catalog/repository.ts';
import { HttpError, ok, parseQuery, pathParam } from '../http.ts';

const CategoryProductsQuerySchema = ProductQuerySchema.omit({ category: true });

export function categoryRoutes(db: Database) {
  const app = new Hono();

  /** GET /api/category: every category in display order, with productCount. */
  app.get('/category', async (c) => ok(c, await listCategories(db)));

  /** GET /api/categories/{id or name}/products?page&limit (and the list's sort and filters). */
  app.get('/categories/:id/products', async (c) => {
    const query = parseQuery(c, CategoryProductsQuerySchema);
    const category = await findCategory(db, pathParam(c, 'id'));
    if (!category) throw new HttpError(404, 'Category not found');
    return ok(c, await listProducts(db, { ...query, categoryId: category.id }));
  });

  return app;
}
