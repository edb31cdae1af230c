import { z } from 'zod';
import { CategorySchema, ProductPageSchema, ProductQuerySchema } from '#lib/schemas/catalog.ts';
import type { Database } from '#server/db/client.ts';
import type { CatalogueCache } from '#server/catalog/cache.ts';
import { listProducts } from '#server/catalog/list-products.ts';
import { findCategory, listCategories } from '#server/catalog/reads.ts';
import { listCategoryRedirects } from '#server/catalog/categories-edit.ts';
import { HttpError } from '#server/http/errors.ts';
import { parseQuery, pathParam } from '#server/http/params.ts';
import { dataReply, documentedRoutes, refusal, route } from '#server/http/openapi.ts';
import { sendCached } from '#server/catalog/reply-lane.ts';
import { NOT_MODIFIED } from './products.ts';

const CategoryProductsQuerySchema = ProductQuerySchema.omit({ category: true });

export function categoryRoutes(db: Database, cache: CatalogueCache) {
  const app = documentedRoutes();

  route(app, {
    method: 'get',
    path: '/category',
    tag: 'Catalogue',
    summary: 'Every category in display order, with productCount',
    replies: { 200: { description: 'The categories (cached like the product list).', schema: dataReply(z.array(CategorySchema)) }, 304: NOT_MODIFIED },
  }, async (c) => {
    const reply = await cache.reply('categories', async () => ({ data: await listCategories(db), productIds: [] }));
    return sendCached(c, cache, 'categories', reply!);
  });

  route(app, {
    method: 'get',
    path: '/category-redirects',
    tag: 'Catalogue',
    summary: 'The old names of renamed categories, each with the category it leads to',
    description: 'The build writes them as redirects: /category/{old name}/ answers 301 to /category/{id}/.',
    replies: { 200: { description: 'The old names (cached like the category list).', schema: dataReply(z.array(z.strictObject({ oldName: z.string(), categoryId: z.string() }))) }, 304: NOT_MODIFIED },
  }, async (c) => {
    const reply = await cache.reply('category redirects', async () => ({ data: await listCategoryRedirects(db), productIds: [] }));
    return sendCached(c, cache, 'category redirects', reply!);
  });

  route(app, {
    method: 'get',
    path: '/categories/{id}/products',
    tag: 'Catalogue',
    summary: "A page of one category's products, by the category's id or name",
    query: CategoryProductsQuerySchema,
    replies: {
      200: { description: 'The page, as GET /api/products gives it.', schema: dataReply(ProductPageSchema) },
      304: NOT_MODIFIED,
      400: refusal('A bad query parameter or path parameter, named.'),
      404: refusal("'Category not found'"),
    },
  }, async (c) => {
    const query = parseQuery(c, CategoryProductsQuerySchema);
    const name = pathParam(c, 'id');
    const key = `category ${JSON.stringify([name, query])}`;
    const reply = await cache.reply(key, async () => {
      const category = await findCategory(db, name);
      if (!category) return { data: undefined, productIds: [] };
      const list = await listProducts(db, { ...query, categoryId: category.id });
      return { data: list, productIds: list.products.map((p) => p._id) };
    });
    if (!reply) throw new HttpError(404, 'Category not found');
    return sendCached(c, cache, key, reply);
  });

  return app;
}
