/**
 * 'You might also like': the one rule, used by the build for every product (relatedIndex) and
 * by the API's SQL for one (src/server/catalog/reads.ts), both from RELATED_ORDER.
 * Products of the same category come first; within that and among the rest, RELATED_ORDER.
 */
import { RELATED_PRODUCTS_COUNT } from '#lib/schemas/catalog.ts';
import { inStock } from './in-stock.ts';

export interface RelatedCandidate {
  _id: string;
  categoryId: string;
  stock: number;
  rating: number;
  createdAt: string;
}

/** What a candidate is ranked by. */
const RELATED_KEYS = {
  inStock: (p: RelatedCandidate) => Number(inStock(p.stock)),
  rating: (p: RelatedCandidate) => p.rating,
  createdAt: (p: RelatedCandidate) => p.createdAt,
  id: (p: RelatedCandidate) => p._id,
} satisfies Record<string, (p: RelatedCandidate) => number | string>;

export type RelatedKey = keyof typeof RELATED_KEYS;

/** In stock first, then higher rating, then newer, then id (byte order). */
export const RELATED_ORDER: readonly (readonly [RelatedKey, 'asc' | 'desc'])[] = [
  ['inStock', 'desc'],
  ['rating', 'desc'],
  ['createdAt', 'desc'],
  ['id', 'asc'],
];

/** Candidates sorted by RELATED_ORDER, ignoring the category preference. */
function compareRelated(a: RelatedCandidate, b: RelatedCandidate): number {
  for (const [key, direction] of RELATED_ORDER) {
    const x = RELATED_KEYS[key](a);
    const y = RELATED_KEYS[key](b);
    if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
  }
  return 0;
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
