import { describe, expect, it } from 'vitest';
import { relatedIndex } from './related.ts';
import { product, products } from './test-products.ts';

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
