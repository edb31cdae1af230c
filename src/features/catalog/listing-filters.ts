/**
 * The category page's filters as the URL carries them (?sort=price-asc&maxPrice=5000&rating=4&view=list):
 * the price and rating rules beside listing-state.ts's sorts and views, apart from it because the
 * search page loads that module and has no use for these. Parsing never throws; serialising
 * leaves defaults out.
 */
import { PRICE_MAX, parseView, SORTS, type Filters, type SortKey } from './listing-state.ts';

/** The category page's sorts in the order its select lists them, and its default (the search page has its own). */
export const SORT_KEYS = Object.keys(SORTS) as SortKey[];
export const DEFAULT_SORT: SortKey = 'newest';

/** A URL's sort, or the default for a missing or foreign one. */
export const parseSort = (v: string | null): SortKey => (v !== null && Object.hasOwn(SORTS, v) ? (v as SortKey) : DEFAULT_SORT);

/**
 * The slider's stops. Prices run from tens of rupees to the limit, so the stops grow roughly
 * by half an order of magnitude: a linear slider to Rs 1,000,000 would put every grocery in its
 * first percent.
 */
export const PRICE_STEPS = [100, 250, 500, 1_000, 2_000, 3_000, 5_000, 7_500, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, PRICE_MAX] as const;

/** The rating filter's choices: 5 to 1 stars and above; 0 is no filter. */
export const RATING_CHOICES = [5, 4, 3, 2, 1] as const;

export const DEFAULT_FILTERS: Filters = { sort: DEFAULT_SORT, maxPrice: PRICE_MAX, rating: 0, view: 'grid' };

/** The slider stop at or above `price` (a URL may carry any number). */
export function snapPrice(price: number): number {
  return PRICE_STEPS.find((step) => step >= price) ?? PRICE_MAX;
}

function parseMaxPrice(v: string | null): number {
  if (v === null || !/^\d+$/.test(v.trim())) return PRICE_MAX;
  return snapPrice(Number(v));
}

function parseRating(v: string | null): number {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n >= 1 && n <= 5 ? n : 0;
}

export function parseFilters(params: URLSearchParams): Filters {
  return {
    sort: parseSort(params.get('sort')),
    maxPrice: parseMaxPrice(params.get('maxPrice')),
    rating: parseRating(params.get('rating')),
    view: parseView(params.get('view')),
  };
}

/** `?sort=…&maxPrice=…&rating=…&view=…` without the defaults; '' for the plain listing. */
export function filtersQuery(f: Filters): string {
  const params = new URLSearchParams();
  if (f.sort !== DEFAULT_SORT) params.set('sort', f.sort);
  if (f.maxPrice < PRICE_MAX) params.set('maxPrice', String(f.maxPrice));
  if (f.rating > 0) params.set('rating', String(f.rating));
  if (f.view !== 'grid') params.set('view', f.view);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** Whether the price or rating filter narrows the listing (the sort and view do not). */
export function filtersActive(f: Filters): boolean {
  return f.maxPrice < PRICE_MAX || f.rating > 0;
}

/** Whether the static page, as built, shows what `f` asks for (newest first, nothing filtered). */
export function showsStaticListing(f: Filters): boolean {
  return f.sort === DEFAULT_SORT && !filtersActive(f);
}
