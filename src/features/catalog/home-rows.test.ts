import { describe, expect, it } from 'vitest';
import { featuredProducts, firstInOrder, MIN_RATINGS_TO_RANK, newArrivals, popularProducts } from './home-rows.ts';
import { product, products } from './test-products.ts';

describe('home rows', () => {
  it('Popular: the top 8 by rating, of products with enough ratings to rank', () => {
    const popular = popularProducts(products);
    expect(popular).toHaveLength(8);
    expect(popular.every((p) => p.numRatings >= MIN_RATINGS_TO_RANK)).toBe(true);
    const cutoff = popular[7].rating;
    expect(products.filter((p) => p.numRatings >= MIN_RATINGS_TO_RANK && p.rating > cutoff).every((p) => popular.includes(p))).toBe(true);
  });

  it('a 5.0 from one rating does not outrank a 4.6 from 300', () => {
    const lucky = product(500, { rating: 5, numRatings: 1 });
    const loved = product(501, { rating: 4.6, numRatings: 300 });
    expect(popularProducts([lucky, loved]).map((p) => p._id)).toEqual([loved._id, lucky._id]);
    expect(featuredProducts([lucky, loved].map((p) => ({ ...p, discount: 5 }))).map((p) => p._id)).toEqual([loved._id, lucky._id]);
  });

  it('New Arrivals: the 10 newest by createdAt', () => {
    expect(newArrivals(products).map((p) => p._id)).toEqual(products.slice(-10).reverse().map((p) => p._id));
  });

  it('Featured: top-rated products on discount first', () => {
    const featured = featuredProducts(products);
    expect(featured).toHaveLength(8);
    expect(featured.every((p) => p.discount > 0)).toBe(true);
    expect(featuredProducts(products.map((p) => ({ ...p, discount: 0 })))).toHaveLength(8);
  });
});

describe('firstInOrder', () => {
  it('gives what sorting everything and taking the first would, ties in their order, for any count', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const items = Array.from({ length: 500 }, (_, i) => ({ i, key: Math.floor(random() * 40) }));
    const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
    for (const count of [0, 1, 3, 8, 40, 499, 500, 600]) {
      expect(firstInOrder(items, count, byKey)).toEqual([...items].sort(byKey).slice(0, Math.max(0, count)));
    }
  });
});
