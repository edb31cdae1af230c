import { describe, expect, it } from 'vitest';
import { salePrice } from '#lib/money.ts';
import { relatedIndex } from '#lib/related.ts';
import { MAX_PAGE_SIZE, ProductDetailSchema, ProductPageSchema, ProductSchema, type Product } from '#lib/schemas/catalog.ts';
import { fixtureCatalogue, fixtureProducts, fixtureReviews, inputRating } from '#server/test/fixtures.ts';
import { apiGet } from '#server/test/catalog-api.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

describe.each(testDatabases)('products API on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const get = apiGet(database);
  const all = async (query = '') => (await get(`/api/products?limit=${MAX_PAGE_SIZE}${query}`)).body.data.products as Product[];

  describe('GET /api/products', () => {
    it('returns the first page with defaults: 12 newest first', async () => {
      const { res, body } = await get('/api/products');
      expect(res.status).toBe(200);
      expect(body.success).toBe(true);
      const page = ProductPageSchema.parse(body.data);
      expect(page.pagination).toEqual({ page: 1, limit: 12, total: fixtureProducts.length, pages: 1 });
      const dates = page.products.map((p) => p.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('computes pagination: pages, last partial page, a page past the end', async () => {
      const p1 = (await get('/api/products?limit=5&page=1')).body.data;
      const p3 = (await get('/api/products?limit=5&page=3')).body.data;
      const p9 = (await get('/api/products?limit=5&page=9')).body.data;
      expect(p1.pagination).toEqual({ page: 1, limit: 5, total: 12, pages: 3 });
      expect(p3.products).toHaveLength(2);
      expect(p9.products).toEqual([]);
      expect(p9.pagination.pages).toBe(3);
      const pages = [p1, (await get('/api/products?limit=5&page=2')).body.data, p3].flatMap((p) => p.products.map((x: Product) => x._id));
      expect(new Set(pages).size).toBe(12);
    });

    it('shapes each product as ProductSchema: _id, category name, categoryId, image fallback, ISO date', async () => {
      const products = await all();
      for (const p of products) ProductSchema.parse(p);
      const milk = products.find((p) => p._id === 'milk-1l')!;
      expect(milk).toMatchObject({ category: 'Fresh & Chilled Food', categoryId: 'fresh', image: '/images/products/milk-1l.webp', createdAt: '2024-01-11T09:30:00.000Z' });
      expect(milk.specifications).toEqual([{ name: 'Volume', value: '1 L' }]);
      expect(products.find((p) => p._id === 'eggs-12')!.image).toBe('/images/placeholder.svg');
      expect(milk.reviews).toBeUndefined();
    });

    it('filters by category id or name (any case); an unknown category is an empty page', async () => {
      const byName = await all('&category=' + encodeURIComponent('Food Cupboard'));
      const byId = await all('&category=cupboard');
      const lower = await all('&category=food%20cupboard');
      expect(byName.map((p) => p._id).sort()).toEqual(fixtureProducts.filter((p) => p.category === 'Food Cupboard').map((p) => p._id).sort());
      expect(byId).toEqual(byName);
      expect(lower).toEqual(byName);
      const none = (await get('/api/products?category=Nope')).body;
      expect(none.data).toEqual({ products: [], pagination: { page: 1, limit: 12, total: 0, pages: 0 } });
    });

    it('filters minPrice/maxPrice on the sale price and rating as a minimum', async () => {
      const inRange = await all('&minPrice=200&maxPrice=450');
      expect(inRange.length).toBeGreaterThan(0);
      for (const p of inRange) expect(salePrice(p)).toBeGreaterThanOrEqual(200);
      for (const p of inRange) expect(salePrice(p)).toBeLessThanOrEqual(450);
      const expected = fixtureProducts.filter((p) => salePrice({ price: p.price as number, discount: (p.discount as number) ?? 0 }) >= 200 && salePrice({ price: p.price as number, discount: (p.discount as number) ?? 0 }) <= 450);
      expect(inRange.map((p) => p._id).sort()).toEqual(expected.map((p) => p._id).sort());
      // dal-mash sells at 450 (700 - 250) though its price is 700.
      expect(inRange.map((p) => p._id)).toContain('dal-mash-1kg');
      const rated = await all('&rating=4.5');
      expect(rated.map((p) => p._id).sort()).toEqual(fixtureProducts.filter((p) => inputRating(p).rating >= 4.5).map((p) => p._id).sort());
      const both = await all('&rating=4.5&category=fresh&maxPrice=300');
      expect(both.map((p) => p._id).sort()).toEqual(['milk-1l', 'yoghurt-500g']);
    });

    const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
    const sorts: [string, (p: Product) => string | number][] = [
      ['createdAt', (p) => p.createdAt],
      ['price', (p) => salePrice(p)],
      ['rating', (p) => p.rating],
      ['name', (p) => p.name.toLowerCase()],
    ];
    for (const [sortBy, key] of sorts) {
      for (const order of ['asc', 'desc'] as const) {
        it(`sorts by ${sortBy} ${order} with id as the tie-breaker`, async () => {
          const products = await all(`&sortBy=${sortBy}&sortOrder=${order}`);
          const sign = order === 'asc' ? 1 : -1;
          const expected = [...products].sort((a, b) => sign * (cmp(key(a), key(b)) || cmp(a._id, b._id)));
          expect(products.map((p) => p._id)).toEqual(expected.map((p) => p._id));
          // and paging through the same order gives the same sequence
          const paged: string[] = [];
          for (let page = 1; page <= 3; page++) {
            paged.push(...(await get(`/api/products?sortBy=${sortBy}&sortOrder=${order}&limit=5&page=${page}`)).body.data.products.map((p: Product) => p._id));
          }
          expect(paged).toEqual(expected.map((p) => p._id));
        });
      }
    }

    it('include=reviews attaches each product its reviews, newest first', async () => {
      const products = await all('&include=reviews');
      const basmati = products.find((p) => p._id === 'basmati-5kg')!;
      expect(basmati.reviews!.map((r) => r.userName)).toEqual(['Hina', 'Omar', 'Usman']);
      expect(products.find((p) => p._id === 'eggs-12')!.reviews).toEqual([]);
      expect(products.reduce((n, p) => n + p.reviews!.length, 0)).toBe(fixtureReviews.length);
    });

    const bad: [string, string, string][] = [
      ['limit=501', 'limit', `must be at most ${MAX_PAGE_SIZE}`],
      ['limit=0', 'limit', 'must be at least 1'],
      ['limit=ten', 'limit', 'must be a number'],
      ['page=0', 'page', 'must be at least 1'],
      ['page=1.5', 'page', 'must be a whole number'],
      ['sortBy=popularity', 'sortBy', 'must be one of createdAt, price, rating, name, relevance'],
      ['sortOrder=up', 'sortOrder', 'must be one of asc, desc'],
      ['minPrice=-1', 'minPrice', 'must be at least 0'],
      ['maxPrice=2147483648', 'maxPrice', 'must be at most 1000000000'],
      ['minPrice=1e300', 'minPrice', 'must be at most 1000000000'],
      ['page=1000001', 'page', 'must be at most 1000000'],
      ['rating=6', 'rating', 'must be at most 5'],
      ['include=everything', 'include', 'must be reviews'],
      ['colour=red', 'colour', 'is not a known parameter'],
      ['limit=5&limit=6', 'limit', 'must be given only once'],
    ];
    for (const [query, param, message] of bad) {
      it(`400 for ${query} naming '${param}'`, async () => {
        const { res, body } = await get(`/api/products?${query}`);
        expect(res.status).toBe(400);
        expect(body).toEqual({ success: false, message: `Invalid query parameter '${param}': ${message}`, errors: { [param]: message } });
        expect(res.headers.get('cache-control')).toBe('no-store');
      });
    }

    it('lists every bad parameter in errors', async () => {
      const { body } = await get('/api/products?limit=0&sortBy=x&foo=1');
      expect(Object.keys(body.errors!).sort()).toEqual(['foo', 'limit', 'sortBy']);
    });
  });

  describe('GET /api/products/:id', () => {
    it('returns the product with reviews (newest first) and 4 related products', async () => {
      const { res, body } = await get('/api/products/basmati-5kg');
      expect(res.status).toBe(200);
      const detail = ProductDetailSchema.parse(body.data);
      expect(detail._id).toBe('basmati-5kg');
      expect(detail.reviews.map((r) => r.userName)).toEqual(['Hina', 'Omar', 'Usman']);
      expect(detail.reviews[0]).toMatchObject({ rating: 4, comment: 'Nice aroma', date: '2024-01-10T09:30:00.000Z' });
      expect(detail.relatedProducts).toHaveLength(4);
    });

    it('orders related products exactly as relatedIndex does, for every product', async () => {
      const products = await all();
      const pick = relatedIndex(products);
      for (const p of products) {
        const detail = (await get(`/api/products/${p._id}`)).body.data;
        expect(detail.relatedProducts.map((r: Product) => r._id), p._id).toEqual(pick(p).map((r) => r._id));
      }
    });

    it('fills related products from other categories when a category is small', async () => {
      const detail = (await get('/api/products/pepsi-1-5l')).body.data;
      expect(detail.relatedProducts[0]._id).toBe('tapal-danedar-950g');
      expect(detail.relatedProducts.slice(1).every((p: Product) => p.categoryId !== 'drinks')).toBe(true);
    });

    it('404 for an unknown product', async () => {
      const { res, body } = await get('/api/products/no-such-thing');
      expect(res.status).toBe(404);
      expect(body).toEqual({ success: false, message: 'Product not found' });
    });

    it('GET /api/products/:id/related returns the product itself (not a list of related products), fresh and never stored', async () => {
      const { res, body } = await get('/api/products/milk-1l/related');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(Object.keys(body.data)).toEqual(['product']);
      const product = ProductDetailSchema.parse(body.data.product);
      expect(product._id).toBe('milk-1l');
      expect(product).toEqual(ProductDetailSchema.parse((await get('/api/products/milk-1l')).body.data));
      expect((await get('/api/products/nope/related')).res.status).toBe(404);
    });
  });
});
