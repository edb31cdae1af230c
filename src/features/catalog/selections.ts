/** The home page's product rows, as pure functions over the catalogue. */
import type { Product } from '#lib/schemas/catalog.ts';
import { inStock } from './stock.ts';

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
  ranked(a) - ranked(b) || b.rating - a.rating || b.numRatings - a.numRatings || a._id.localeCompare(b._id);

/** Popular Products: the top 8 by rating (of products with enough ratings to rank). */
export function popularProducts(products: readonly Product[], count = POPULAR_COUNT): Product[] {
  return [...products].sort(byRating).slice(0, count);
}

/**
 * Featured Products: the top 8 by rating among discounted products in stock, so the row is not a
 * copy of Popular; topped up by rating when too few are discounted.
 */
export function featuredProducts(products: readonly Product[], count = FEATURED_COUNT): Product[] {
  const sorted = [...products].sort(byRating);
  const deals = sorted.filter((p) => p.discount > 0 && inStock(p.stock));
  const rest = sorted.filter((p) => !deals.includes(p));
  return [...deals, ...rest].slice(0, count);
}

/** New Arrivals: the 10 newest by createdAt. */
export function newArrivals(products: readonly Product[], count = NEW_ARRIVALS_COUNT): Product[] {
  return [...products].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, count);
}

/** The home page's three rows, as the home page and the rebuild plan (page-inputs.ts) both take them. */
export function homeRows(products: readonly Product[]) {
  return { popular: popularProducts(products), featured: featuredProducts(products), arrivals: newArrivals(products) };
}

/** How many popular products the error page offers: one row on wide screens, two on phones. */
export const POPULAR_ON_ERROR_PAGE = 4;

/** The popular products the error page (404) offers. */
export const errorPageProducts = (products: readonly Product[]) => popularProducts(products, POPULAR_ON_ERROR_PAGE);
