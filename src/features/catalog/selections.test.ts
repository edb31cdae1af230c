import { describe, expect, it } from 'vitest';
import type { Product } from '../../lib/schemas.ts';
import { categoryPages, CATEGORY_PAGE_SIZE, pageCount } from './category-pages.ts';
import { relatedIndex } from './related.ts';
import { featuredProducts, MIN_RATINGS_TO_RANK, newArrivals, popularProducts } from './selections.ts';
import { navLinks, type Catalogue } from './build-data.ts';
import { FALLBACK_CATEGORY_NAMES } from '../../lib/schemas.ts';

function product(i: number, over: Partial<Product> = {}): Product {
  return {
    _id: `p-${String(i).padStart(3, '0')}`, name: `Product ${i}`, description: '', category: 'Bakery', categoryId: 'bakery',
    brand: 'Dawn', price: 100 + i, discount: 0, stock: 10, rating: (i % 50) / 10, numRatings: (i % 7) * 5, ratingsByStar: { '1': 0, '2': 0, '3': 0, '4': 0, '5': (i % 7) * 5 }, numWrittenReviews: 0, images: [], image: '',
    specifications: [], createdAt: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(), ...over,
  };
}

const products = Array.from({ length: 120 }, (_, i) => product(i, { categoryId: i % 3 === 0 ? 'bakery' : 'frozen', discount: i % 4 === 0 ? 10 : 0 }));

describe('home selections', () => {
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

describe('related products', () => {
  it('takes 4 of the same category first, never the product itself, best rated in stock first', () => {
    const related = relatedIndex(products);
    const target = products[3];
    const picked = related(target);
    expect(picked).toHaveLength(4);
    expect(picked.every((p) => p.categoryId === target.categoryId && p._id !== target._id)).toBe(true);
    expect(picked.map((p) => p.rating)).toEqual([...picked.map((p) => p.rating)].sort((a, b) => b - a));
  });

  it('fills from other categories when a category is short', () => {
    const lonely = product(999, { categoryId: 'pets' });
    const picked = relatedIndex([...products, lonely])(lonely);
    expect(picked).toHaveLength(4);
    expect(picked.every((p) => p.categoryId !== 'pets')).toBe(true);
  });
});

describe('category pages', () => {
  it('splits a category into pages of 48 and never drops a product', () => {
    const many = Array.from({ length: 100 }, (_, i) => product(i));
    const catalogue = {
      categories: [{ _id: 'bakery', name: 'Bakery', description: '', images: [], productCount: 100 }, { _id: 'empty', name: 'Empty', description: '', images: [], productCount: 0 }],
      byCategory: new Map([['bakery', many], ['empty', []]]),
    } as unknown as Catalogue;
    const pages = categoryPages(catalogue);
    const bakery = pages.filter((p) => p.category._id === 'bakery');
    expect(bakery.map((p) => p.products.length)).toEqual([CATEGORY_PAGE_SIZE, CATEGORY_PAGE_SIZE, 4]);
    expect(bakery.flatMap((p) => p.products)).toEqual(many);
    expect(pages.filter((p) => p.category._id === 'empty')).toHaveLength(1);
    expect(pageCount(0)).toBe(1);
  });
});

describe('navigation categories', () => {
  it("links the API's categories by id", () => {
    expect(navLinks([{ _id: 'bakery', name: 'Bakery', description: '', images: [], productCount: 3 }])).toEqual([{ name: 'Bakery', href: '/category/bakery/' }]);
  });

  it('falls back to the 13 built-in names, linked by name, when none load', () => {
    const links = navLinks([]);
    expect(links).toHaveLength(13);
    expect(links.map((l) => l.name)).toEqual([...FALLBACK_CATEGORY_NAMES]);
    expect(links[4]).toEqual({ name: 'Dietary, Lifestyle & World Foods', href: '/category/Dietary%2C%20Lifestyle%20%26%20World%20Foods/' });
  });
});
