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
 * Stops for a slider that knows nothing of the prices it filters (a page built without them):
 * they grow by about half an order of magnitude up to the limit. A category page has its own
 * stops, from its products' prices (priceStops).
 */
export const PRICE_STEPS: readonly number[] = [100, 250, 500, 1_000, 2_000, 3_000, 5_000, 7_500, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, PRICE_MAX];

/** Round prices a stop may land on: these times a power of ten. */
const ROUND = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 10];

/** The smallest round price at or above `price`. */
function roundUp(price: number): number {
  const scale = 10 ** Math.floor(Math.log10(price));
  return Math.round(ROUND.find((m) => m * scale >= price)! * scale);
}

/**
 * A category's slider stops, from the sale prices of its products (taken when its pages are
 * built): up to `most` round prices at evenly spaced ranks of the sorted prices, each rounded up,
 * then no limit (PRICE_MAX). Every stop before the last lets through more products than the one
 * before it and fewer than all of them, so each one filters something.
 */
export function priceStops(prices: readonly number[], most = 6): number[] {
  const sorted = prices.filter((p) => Number.isFinite(p) && p > 0).sort((a, b) => a - b);
  const stops: number[] = [];
  let through = 0;
  for (let k = 1; k <= most && sorted.length > 1; k++) {
    const stop = roundUp(sorted[Math.floor((k * sorted.length) / (most + 1))]);
    const count = sorted.filter((p) => p <= stop).length;
    if (count >= sorted.length) break;
    if (count > through) stops.push(stop);
    through = Math.max(through, count);
  }
  return [...stops, PRICE_MAX];
}

/** The rating filter's choices: 5 to 1 stars and above; 0 is no filter. */
export const RATING_CHOICES = [5, 4, 3, 2, 1] as const;

export const DEFAULT_FILTERS: Filters = { sort: DEFAULT_SORT, maxPrice: PRICE_MAX, rating: 0, view: 'grid' };

/** The slider stop at or above `price` (a URL may carry any number; a stale link, a price of another stop). */
export function snapPrice(price: number, stops: readonly number[] = PRICE_STEPS): number {
  return stops.find((step) => step >= price) ?? PRICE_MAX;
}

function parseMaxPrice(v: string | null, stops: readonly number[]): number {
  if (v === null || !/^\d+$/.test(v.trim())) return PRICE_MAX;
  return snapPrice(Number(v), stops);
}

function parseRating(v: string | null): number {
  const n = Number(v);
  return v !== null && Number.isInteger(n) && n >= 1 && n <= 5 ? n : 0;
}

/** The URL's filters; its maximum price snapped to one of the page's slider stops. */
export function parseFilters(params: URLSearchParams, stops: readonly number[] = PRICE_STEPS): Filters {
  return {
    sort: parseSort(params.get('sort')),
    maxPrice: parseMaxPrice(params.get('maxPrice'), stops),
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

/**
 * The line above a listing the controls asked for: how many of how many products it shows, and
 * "matching your filters" only when a filter is set and leaves some of the category's
 * `categoryTotal` products out (a sort, or a filter that every product passes, narrows nothing).
 */
export function listingCountText(shown: number, total: number, f: Filters, categoryTotal: number): string {
  return `Showing ${shown} of ${total} products${filtersActive(f) && total < categoryTotal ? ' matching your filters' : ''}`;
}

/** Whether the static page, as built, shows what `f` asks for (newest first, nothing filtered). */
export function showsStaticListing(f: Filters): boolean {
  return f.sort === DEFAULT_SORT && !filtersActive(f);
}

/**
 * The path of the URL that shows `f`: the static page's own (`here`: its page 2, 3…) while it
 * shows what `f` asks for; otherwise the category's first page (`first`), since another sort or a
 * filter lists the category from its first product. On page 1 both are the page's path.
 */
export function listingPath(f: Filters, here: string, first: string): string {
  return showsStaticListing(f) ? here : first;
}
