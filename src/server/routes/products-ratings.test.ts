import { describe, expect, it } from 'vitest';
import { countStars, summarizeRatings, uncountedStars } from '#lib/ratings.ts';
import { MAX_PAGE_SIZE, ProductDetailSchema, ProductSchema, type Product } from '#lib/schemas/catalog.ts';
import * as seedCatalogue from '#server/seed/catalogue.ts';
import { apiGet } from '#server/test/catalog-api.ts';
import { fixtureCatalogue, fixtureProducts, fixtureReviews, inputRating, inputStars } from '#server/test/fixtures.ts';
import { testDatabases, useDatabase } from '#server/test/databases.ts';

describe.each(testDatabases)('ratings in the API on $name', (target) => {
  describe('the fixture catalogue', () => {
    const database = useDatabase(target, fixtureCatalogue);
    const get = apiGet(database);

    it('replies the stored per-star counts, their count and their average, and the written reviews apart', async () => {
      const basmati = ProductDetailSchema.parse((await get('/api/products/basmati-5kg')).body.data);
      expect(basmati).toMatchObject({ rating: 4.7, numRatings: 10, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 3, '5': 7 }, numWrittenReviews: 3 });
      expect(basmati.reviews).toHaveLength(3);
      const pepsi = ProductDetailSchema.parse((await get('/api/products/pepsi-1-5l')).body.data);
      expect(pepsi).toMatchObject({ rating: 0, numRatings: 0, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, numWrittenReviews: 0 });
      const list = (await get(`/api/products?limit=${MAX_PAGE_SIZE}`)).body.data.products as Product[];
      for (const p of list) {
        const input = fixtureProducts.find((f) => f._id === p._id)!;
        expect({ ...summarizeRatings(p.ratingsByStar), ratingsByStar: p.ratingsByStar }, p._id).toEqual({ ...inputRating(input), ratingsByStar: inputStars(input) });
        expect({ rating: p.rating, numRatings: p.numRatings }, p._id).toEqual(inputRating(input));
        expect(p.numWrittenReviews, p._id).toBe(fixtureReviews.filter((r) => r.productId === p._id).length);
      }
    });
  });

  describe('the seed catalogue', () => {
    const seed = { categories: seedCatalogue.categories, products: seedCatalogue.products, reviews: seedCatalogue.reviews };
    const database = useDatabase(target, seed);
    const get = apiGet(database);

    it('every product: the rating is the average of its ratings, the count their sum, every written review counted', async () => {
      const list = ((await get(`/api/products?limit=${MAX_PAGE_SIZE}&include=reviews`)).body.data.products as Product[]).map((p) => ProductSchema.parse(p));
      expect(list).toHaveLength(seed.products.length);
      for (const p of list) {
        expect({ rating: p.rating, numRatings: p.numRatings }, p._id).toEqual(summarizeRatings(p.ratingsByStar));
        expect(p.ratingsByStar, p._id).toEqual(inputStars(seed.products.find((s) => s._id === p._id)!));
        expect(p.numWrittenReviews, p._id).toBe(p.reviews!.length);
        expect(uncountedStars(p.ratingsByStar, countStars(p.reviews!.map((r) => r.rating))), p._id).toEqual([]);
      }
      // 7Up, whose stars once disagreed with its rating: the two tell the same story.
      const sevenUp = ProductDetailSchema.parse((await get('/api/products/7up-1-5l')).body.data);
      expect(sevenUp.rating).toBe(summarizeRatings(sevenUp.ratingsByStar).rating);
      expect(sevenUp.numWrittenReviews).toBe(sevenUp.reviews.length);
    });

    it('filters and sorts by the rating the stars give', async () => {
      const rated = (await get(`/api/products?limit=${MAX_PAGE_SIZE}&rating=4.3`)).body.data.products as Product[];
      const expected = seed.products.filter((p) => inputRating(p).rating >= 4.3).map((p) => p._id);
      expect(rated.map((p) => p._id).sort()).toEqual(expected.sort());
      const top = (await get('/api/products?sortBy=rating&sortOrder=desc&limit=3')).body.data.products as Product[];
      const best = Math.max(...seed.products.map((p) => inputRating(p).rating));
      expect(top[0].rating).toBe(best);
    });
  });
});
