import { describe, expect, it } from 'vitest';
import { salePrice } from '#lib/money.ts';
import { countStars, summarizeRatings, uncountedStars } from '#lib/ratings.ts';
import { relatedIndex } from '#lib/related.ts';
import { MAX_PAGE_SIZE, ProductDetailSchema, ProductPageSchema, ProductSchema, CategorySchema, type Product, type ProductInput } from '#lib/schemas/catalog.ts';
import * as seedCatalogue from '#server/seed/catalogue.ts';
import { createApp } from './app.ts';
import { fixtureCatalogue, fixtureProducts, fixtureReviews } from '#server/test/fixtures.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

type Json = { success: boolean; message?: string; data?: any; errors?: Record<string, string> };

const starsOf = (p: ProductInput) => ({ '1': (p.ratings1 as number) ?? 0, '2': (p.ratings2 as number) ?? 0, '3': (p.ratings3 as number) ?? 0, '4': (p.ratings4 as number) ?? 0, '5': (p.ratings5 as number) ?? 0 });
const fixtureRating = (p: ProductInput) => summarizeRatings(starsOf(p));

describe.each(testDatabases)('catalogue API on $name', (target) => {
  const database = useDatabase(target, fixtureCatalogue);
  const get = async (path: string) => {
    const app = createApp({ db: database().db, kind: database().kind, logError: () => {} });
    const res = await app.request(path);
    return { res, body: (await res.json()) as Json };
  };
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
      expect(rated.map((p) => p._id).sort()).toEqual(fixtureProducts.filter((p) => fixtureRating(p).rating >= 4.5).map((p) => p._id).sort());
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

    it('GET /api/products/:id/related returns data.product', async () => {
      const { res, body } = await get('/api/products/milk-1l/related');
      expect(res.status).toBe(200);
      expect(ProductDetailSchema.parse(body.data.product)._id).toBe('milk-1l');
      expect((await get('/api/products/nope/related')).res.status).toBe(404);
    });
  });

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

  describe('health, errors and headers', () => {
    it('GET /api/health reports status, catalogue version and database kind', async () => {
      const { res, body } = await get('/api/health');
      expect(res.status).toBe(200);
      expect(body.data).toEqual({ status: 'ok', catalogVersion: expect.stringMatching(/^[0-9a-f]{12}$/), database: target.name, worker: 0 });
    });

    it('unknown /api paths are JSON 404s', async () => {
      const { res, body } = await get('/api/nothing/here');
      expect(res.status).toBe(404);
      expect(body.success).toBe(false);
    });

    it('unexpected errors are a JSON 500 without a stack trace', async () => {
      const broken = { select: () => { throw new Error('secret internals at /src/x.ts:1'); } } as never;
      const app = createApp({ db: broken, logError: () => {} });
      const res = await app.request('/api/products/x');
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ success: false, message: 'Server Error' });
      expect(text).not.toContain('secret');
    });

    it('sends security headers and a short cache on catalogue reads', async () => {
      const { res } = await get('/api/products');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect((await get('/api/health')).res.headers.get('cache-control')).toBe('no-store');
    });

    it('grants CORS only to the listed origins: never a wildcard, never a foreign origin echoed', async () => {
      const app = createApp({ db: database().db, kind: database().kind, logError: () => {}, corsOrigins: ['https://kiryana.pk'] });
      const ask = (path: string, origin: string, init: RequestInit = {}) => app.request(path, { ...init, headers: { Origin: origin, ...(init.headers as Record<string, string>) } });
      const own = await ask('/api/products', 'https://kiryana.pk');
      expect(own.headers.get('access-control-allow-origin')).toBe('https://kiryana.pk');
      expect(own.headers.get('vary')).toMatch(/Origin/);
      for (const path of ['/api/products', '/api/users/me', '/api/cart', '/api/order']) {
        const foreign = await ask(path, 'https://evil.example', { headers: { Authorization: `Bearer ${'a'.repeat(43)}` } });
        expect(foreign.headers.get('access-control-allow-origin'), path).toBeNull();
      }
      const preflight = (origin: string) =>
        ask('/api/order/place', origin, { method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,idempotency-key,content-type' } });
      const allowed = await preflight('https://kiryana.pk');
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://kiryana.pk');
      expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
      expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
      expect((await preflight('null')).headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});

describe.each(testDatabases)('ratings in the API on $name', (target) => {
  describe('the fixture catalogue', () => {
    const database = useDatabase(target, fixtureCatalogue);
    const get = async (path: string) => (await createApp({ db: database().db, logError: () => {} }).request(path)).json() as Promise<Json>;

    it('replies the stored per-star counts, their count and their average, and the written reviews apart', async () => {
      const basmati = ProductDetailSchema.parse((await get('/api/products/basmati-5kg')).data);
      expect(basmati).toMatchObject({ rating: 4.7, numRatings: 10, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 3, '5': 7 }, numWrittenReviews: 3 });
      expect(basmati.reviews).toHaveLength(3);
      const pepsi = ProductDetailSchema.parse((await get('/api/products/pepsi-1-5l')).data);
      expect(pepsi).toMatchObject({ rating: 0, numRatings: 0, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, numWrittenReviews: 0 });
      const list = (await get(`/api/products?limit=${MAX_PAGE_SIZE}`)).data.products as Product[];
      for (const p of list) {
        const input = fixtureProducts.find((f) => f._id === p._id)!;
        expect({ ...summarizeRatings(p.ratingsByStar), ratingsByStar: p.ratingsByStar }, p._id).toEqual({ ...fixtureRating(input), ratingsByStar: starsOf(input) });
        expect({ rating: p.rating, numRatings: p.numRatings }, p._id).toEqual(fixtureRating(input));
        expect(p.numWrittenReviews, p._id).toBe(fixtureReviews.filter((r) => r.productId === p._id).length);
      }
    });
  });

  describe('the seed catalogue', () => {
    const seed = { categories: seedCatalogue.categories, products: seedCatalogue.products, reviews: seedCatalogue.reviews };
    const database = useDatabase(target, seed);
    const get = async (path: string) => (await createApp({ db: database().db, logError: () => {} }).request(path)).json() as Promise<Json>;

    it('every product: the rating is the average of its ratings, the count their sum, every written review counted', async () => {
      const list = ((await get(`/api/products?limit=${MAX_PAGE_SIZE}&include=reviews`)).data.products as Product[]).map((p) => ProductSchema.parse(p));
      expect(list).toHaveLength(seed.products.length);
      for (const p of list) {
        expect({ rating: p.rating, numRatings: p.numRatings }, p._id).toEqual(summarizeRatings(p.ratingsByStar));
        expect(p.ratingsByStar, p._id).toEqual(starsOf(seed.products.find((s) => s._id === p._id)!));
        expect(p.numWrittenReviews, p._id).toBe(p.reviews!.length);
        expect(uncountedStars(p.ratingsByStar, countStars(p.reviews!.map((r) => r.rating))), p._id).toEqual([]);
      }
      // 7Up, whose stars once disagreed with its rating: the two tell the same story.
      const sevenUp = ProductDetailSchema.parse((await get('/api/products/7up-1-5l')).data);
      expect(sevenUp.rating).toBe(summarizeRatings(sevenUp.ratingsByStar).rating);
      expect(sevenUp.numWrittenReviews).toBe(sevenUp.reviews.length);
    });

    it('filters and sorts by the rating the stars give', async () => {
      const rated = (await get(`/api/products?limit=${MAX_PAGE_SIZE}&rating=4.3`)).data.products as Product[];
      const expected = seed.products.filter((p) => summarizeRatings(starsOf(p)).rating >= 4.3).map((p) => p._id);
      expect(rated.map((p) => p._id).sort()).toEqual(expected.sort());
      const top = (await get('/api/products?sortBy=rating&sortOrder=desc&limit=3')).data.products as Product[];
      const best = Math.max(...seed.products.map((p) => summarizeRatings(starsOf(p)).rating));
      expect(top[0].rating).toBe(best);
    });
  });
});
