import { describe, expect, it } from 'vitest';
import { relatedIndex, type RelatedCandidate } from './related.ts';

/** Candidate `i`: in stock, rated `(i % 50) / 10`, one day newer than `i - 1`. */
function product(i: number, over: Partial<RelatedCandidate> = {}): RelatedCandidate {
  return {
    _id: `p-${String(i).padStart(3, '0')}`, categoryId: 'bakery', stock: 10, rating: (i % 50) / 10,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString(), ...over,
  };
}

/** 120 candidates, a third in bakery and the rest frozen. */
const products = Array.from({ length: 120 }, (_, i) => product(i, { categoryId: i % 3 === 0 ? 'bakery' : 'frozen' }));

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
