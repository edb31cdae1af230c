/**
 * What a product listing shows, as the URL carries it: the pure rules behind the category page's
 * controls and the search page. Parsing never throws: a missing or foreign value is the default,
 * so any shared link opens. Serialising leaves defaults out, so the plain page is the plain URL.
 * The category page's price and rating filters are in listing-filters.ts, apart: the search page
 * loads this module and has no use for them.
 *
 *   category page  ?sort=price-asc&maxPrice=5000&rating=4&view=list
 *   search page    ?q=basmati+rice&category=food-cupboard&sort=rating&view=list
 */
import type { SortField, SortOrder } from '#lib/schemas/catalog.ts';

/** The category page's 7 sorts, in the order the select lists them. */
export const SORTS = {
  newest: { label: 'Newest', sortBy: 'createdAt', sortOrder: 'desc' },
  oldest: { label: 'Oldest', sortBy: 'createdAt', sortOrder: 'asc' },
  'price-asc': { label: 'Price: Low to High', sortBy: 'price', sortOrder: 'asc' },
  'price-desc': { label: 'Price: High to Low', sortBy: 'price', sortOrder: 'desc' },
  rating: { label: 'Highest Rated', sortBy: 'rating', sortOrder: 'desc' },
  'name-asc': { label: 'Name: A to Z', sortBy: 'name', sortOrder: 'asc' },
  'name-desc': { label: 'Name: Z to A', sortBy: 'name', sortOrder: 'desc' },
} as const satisfies Record<string, { label: string; sortBy: SortField; sortOrder: SortOrder }>;
export type SortKey = keyof typeof SORTS;

/**
 * The search page's sorts: Best Match first and by default (the search ranking of
 * src/lib/search/, which the API applies as `relevance`), then the category page's.
 */
export const SEARCH_SORTS = {
  relevance: { label: 'Best Match', sortBy: 'relevance', sortOrder: 'desc' },
  ...SORTS,
} as const satisfies Record<string, { label: string; sortBy: SortField; sortOrder: SortOrder }>;
export type SearchSortKey = keyof typeof SEARCH_SORTS;
export const SEARCH_SORT_KEYS = Object.keys(SEARCH_SORTS) as SearchSortKey[];
export const DEFAULT_SEARCH_SORT: SearchSortKey = 'relevance';

export const VIEWS = ['grid', 'list'] as const;
export type View = (typeof VIEWS)[number];

/** A listing's classes in each view (ProductResults; the category page's early script draws the same). */
export const LISTING_LAYOUT: Record<View, string> = {
  grid: 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 xl:grid-cols-5',
  list: 'grid grid-cols-1 gap-3 lg:grid-cols-2',
};

/** The price slider's top and default: no price limit. */
export const PRICE_MAX = 1_000_000;
/** Products a listing fetches at a time: one static category page's worth. */
export const LISTING_PAGE_SIZE = 48;

export interface Filters {
  sort: SortKey;
  /** Sale price at most this; PRICE_MAX is no limit. */
  maxPrice: number;
  /** Rating at least this; 0 is no filter. */
  rating: number;
  view: View;
}

export interface SearchState {
  q: string;
  /** A category id, or '' for All Categories. */
  category: string;
  sort: SearchSortKey;
  view: View;
}

export const DEFAULT_SEARCH: SearchState = { q: '', category: '', sort: DEFAULT_SEARCH_SORT, view: 'grid' };

/** A search URL's sort, or Best Match for a missing or foreign one. */
const parseSearchSort = (v: string | null): SearchSortKey => (v !== null && Object.hasOwn(SEARCH_SORTS, v) ? (v as SearchSortKey) : DEFAULT_SEARCH_SORT);
/** A URL's view: list, or grid for anything else. */
export const parseView = (v: string | null): View => (v === 'list' ? 'list' : 'grid');

export function parseSearch(params: URLSearchParams): SearchState {
  return {
    q: (params.get('q') ?? '').trim(),
    category: (params.get('category') ?? '').trim(),
    sort: parseSearchSort(params.get('sort')),
    view: parseView(params.get('view')),
  };
}

/** `?q=…&category=…&sort=…&view=…` without the defaults; '' when there is nothing to search. */
export function searchQuery(s: SearchState): string {
  const params = new URLSearchParams();
  if (s.q) params.set('q', s.q);
  if (s.category) params.set('category', s.category);
  if (s.sort !== DEFAULT_SEARCH_SORT) params.set('sort', s.sort);
  if (s.view !== 'grid') params.set('view', s.view);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** The products API query for a listing: sort, filters left out when they are off, one page. */
export function productsQuery(f: { sort: SearchSortKey } & Partial<Omit<Filters, 'sort'>>, page: number, limit = LISTING_PAGE_SIZE) {
  const { sortBy, sortOrder } = SEARCH_SORTS[f.sort];
  return {
    sortBy,
    sortOrder,
    maxPrice: f.maxPrice !== undefined && f.maxPrice < PRICE_MAX ? f.maxPrice : undefined,
    rating: f.rating ? f.rating : undefined,
    page,
    limit,
  } as const;
}
