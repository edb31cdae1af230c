/**
 * 'You might also like': the one rule, used by the API for one product and by the build for all.
 * Order: same category first, then in stock, then higher rating, then newer, then id.
 */
import { RELATED_PRODUCTS_COUNT } from '#lib/schemas.ts';

export interface RelatedCandidate {
  _id: string;
  categoryId: string;
  stock: number;
  rating: number;
  createdAt: string;
}

/** Candidates sorted by the rule, ignoring the category preference. */
export function compareRelated(a: RelatedCandidate, b: RelatedCandidate): number {
  return (
    Number(b.stock > 0) - Number(a.stock > 0) ||
    b.rating - a.rating ||
    (b.createdAt < a.createdAt ? -1 : b.createdAt > a.createdAt ? 1 : 0) ||
    (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)
  );
}

/**
 * Builds the related picker for a whole catalogue in O(n log n): each category's list and the
 * store-wide list are sorted once, and each product takes the first few that are not itself.
 */
export function relatedIndex<T extends RelatedCandidate>(all: readonly T[], count = RELATED_PRODUCTS_COUNT) {
  const sorted = [...all].sort(compareRelated);
  const byCategory = new Map<string, T[]>();
  for (const p of sorted) {
    const list = byCategory.get(p.categoryId) ?? [];
    list.push(p);
    byCategory.set(p.categoryId, list);
  }
  return (product: RelatedCandidate): T[] => {
    const picked: T[] = [];
    const take = (list: readonly T[], sameCategory: boolean) => {
      for (const p of list) {
        if (picked.length >= count) return;
        if (p._id === product._id) continue;
        if (!sameCategory && p.categoryId === product.categoryId) continue;
        picked.push(p);
      }
    };
    take(byCategory.get(product.categoryId) ?? [], true);
    take(sorted, false);
    return picked;
  };
}
