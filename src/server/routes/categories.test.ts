import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, CategorySchema, type Product } from '#lib/schemas/catalog.ts';
import { fixtureCatalogue } from '#server/test/fixtures.ts';
import { apiGet } from '#server/test/catalog-api.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

describe.each(testDatabases)('categories API on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const get = apiGet(database);

  describe('categories', () => {
    it('GET /api/category lists categories in position order with productCount', async () => {
      const { body } = await get('/api/category');
      const cats = body.data.map((c: unknown) => CategorySchema.parse(c));
      expect(cats.map((c: { _id: string }) => c._id)).toEqual(['fresh', 'cupboard', 'drinks', 'pets']);
      expect(cats.map((c: { productCount: number }) => c.productCount)).toEqual([5, 5, 2, 0]);
      expect(cats[0]).toMatchObject({ name: 'Fresh & Chilled Food', description: 'Milk, yoghurt, meat', images: ['/images/categories/fresh.webp'] });
    });

    it('GET /api/categories/:id/products by id or name, paginated', async () => {
      const byId = (await get('/api/categories/fresh/products?page=2&limit=2')).body;
      expect(byId.data.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 });
      expect(byId.data.products.every((p: Product) => p.categoryId === 'fresh')).toBe(true);
      const byName = (await get(`/api/categories/${encodeURIComponent('Fresh & Chilled Food')}/products?page=2&limit=2`)).body;
      expect(byName.data).toEqual(byId.data);
      const empty = (await get('/api/categories/pets/products')).body;
      expect(empty.data.pagination).toEqual({ page: 1, limit: 12, total: 0, pages: 0 });
    });

    it('404 for an unknown category, 400 for a bad limit', async () => {
      const missing = await get('/api/categories/nope/products');
      expect(missing.res.status).toBe(404);
      expect(missing.body).toEqual({ success: false, message: 'Category not found' });
      const bad = await get('/api/categories/fresh/products?limit=1000');
      expect(bad.res.status).toBe(400);
      expect(bad.body.message).toBe(`Invalid query parameter 'limit': must be at most ${MAX_PAGE_SIZE}`);
    });
  });
});
