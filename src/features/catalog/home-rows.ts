/** The home page's product rows (and the 404 page's popular row), as pure functions over the catalogue. */
import type { Product } from '#lib/schemas/catalog.ts';
import { byCodeUnits } from '#lib/product-id.ts';
import { inStock } from '#lib/in-stock.ts';

export const POPULAR_COUNT = 8;
export const FEATURED_COUNT = 8;
export const NEW_ARRIVALS_COUNT = 10;

/**
 * A rating from a handful of shoppers says little: a 5.0 from one rating must not outrank a 4.6
 * from 300. Products with at least this many ratings rank first, by rating; the others follow.
 */
export const MIN_RATINGS_TO_RANK = 10;

const ranked = (p: Product) => (p.numRatings >= MIN_RATINGS_TO_RANK ? 0 : 1);
const byRating = (a: Product, b: Product) =>
  ranked(a) - ranked(b) || b.rating - a.rating || b.numRatings - a.numRatings || byCodeUnits(a._id, b._id);

/**
 * The first `count` of `items` in `compare`'s order, as sorting them all would give them (equal
 * ones keep their order), in one pass: a row of 8 out of 100,000 products needs no full sort.
 */
export function firstInOrder<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  const first: T[] = [];
  if (count <= 0) return first;
  for (const item of items) {
    if (first.length === count && compare(item, first[count - 1]) >= 0) continue;
    let at = first.length;
    while (at > 0 && compare(item, first[at - 1]) < 0) at--;
    first.splice(at, 0, item);
    if (first.length > count) first.pop();
  }
  return first;
}

/** Popular Products: the top 8 by rating (of products with enough ratings to rank). */
export function popularProducts(products: readonly Product[], count = POPULAR_COUNT): Product[] {
  return firstInOrder(products, count, byRating);
}

/**
 * Featured Products: the top 8 by rating among discounted products in stock, so the row is not a
 * copy of Popular; topped up by rating when too few are discounted.
 */
export function featuredProducts(products: readonly Product[], count = FEATURED_COUNT): Product[] {
  const isDeal = (p: Product) => p.discount > 0 && inStock(p.stock);
  const deals = firstInOrder(products.filter(isDeal), count, byRating);
  const rest = deals.length < count ? firstInOrder(products.filter((p) => !isDeal(p)), count - deals.length, byRating) : [];
  return [...deals, ...rest];
}

/** New Arrivals: the 10 newest by createdAt. */
export function newArrivals(products: readonly Product[], count = NEW_ARRIVALS_COUNT): Product[] {
  return firstInOrder(products, count, (a, b) => byCodeUnits(b.createdAt, a.createdAt));
}

/** The home page's three rows, as the home page's declaration (src/pages/_index.inputs.ts) takes them. */
export function homeRows(products: readonly Product[]) {
  return { popular: popularProducts(products), featured: featuredProducts(products), arrivals: newArrivals(products) };
}

/** How many popular products the error page offers: one row on wide screens, two on phones. */
export const POPULAR_ON_ERROR_PAGE = 4;

/** The popular products the error page (404) offers. */
export const errorPageProducts = (products: readonly Product[]) => popularProducts(products, POPULAR_ON_ERROR_PAGE);
