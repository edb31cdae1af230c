import { describe, expect, it } from 'vitest';
import type { Catalogue } from './build-data.ts';
import { categoryPages, CATEGORY_PAGE_SIZE, pageCount } from './category-pages.ts';
import { product } from './test-products.ts';

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
