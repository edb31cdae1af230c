/**
 * Static category listings: every product of a category in pages of CATEGORY_PAGE_SIZE.
 * Page 1 is built at /category/{id}/ and at /category/{URL-encoded name}/; pages 2+ at
 * /category/{id}/page/{n}/.
 */
import type { Category, Product } from '#lib/schemas/catalog.ts';
import { salePrice } from '#lib/money.ts';
import type { Catalogue } from './build-data.ts';
import { priceStops } from './listing-filters.ts';

export const CATEGORY_PAGE_SIZE = 48;

export type CategoryPageProps = {
  category: Category;
  products: Product[];
  page: number;
  pages: number;
  total: number;
  /** The price slider's stops, from the sale prices of the whole category. */
  priceStops: number[];
};

export function pageCount(total: number, size = CATEGORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The listing pages of one category. */
export function pagesOfCategory(catalogue: Catalogue, category: Category): CategoryPageProps[] {
  const all = catalogue.byCategory.get(category._id) ?? [];
  const pages = pageCount(all.length);
  const stops = priceStops(all.map(salePrice));
  return Array.from({ length: pages }, (_, i) => ({
    category,
    products: all.slice(i * CATEGORY_PAGE_SIZE, (i + 1) * CATEGORY_PAGE_SIZE),
    page: i + 1,
    pages,
    total: all.length,
    priceStops: stops,
  }));
}

export function categoryPages(catalogue: Catalogue): CategoryPageProps[] {
  return catalogue.categories.flatMap((category) => pagesOfCategory(catalogue, category));
}
