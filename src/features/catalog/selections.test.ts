import { describe, expect, it } from 'vitest';
import { featuredProducts, newArrivals, popularProducts } from './selections.ts';
import { products } from './test-products.ts';

describe('home selections', () => {
  it('Popular: the top 8 by rating', () => {
    const popular = popularProducts(products);
    expect(popular).toHaveLength(8);
    const cutoff = popular[7].rating;
    expect(products.filter((p) => p.rating > cutoff).every((p) => popular.includes(p))).toBe(true);
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
