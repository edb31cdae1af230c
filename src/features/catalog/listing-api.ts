/**
 * The product listings islands read (category controls, search page): GET /api/products parsed
 * with zod/mini into the fields a card shows. The build's CatalogApi (api.ts) parses whole
 * products with the full zod, which would cost a page with React a sixth of its budget; the
 * fields kept here are the ones a card shows (card-html.ts) and itemOf stores.
 */
import * as z from 'zod/mini';
import { ApiClient, buildUrl, unwrapGateway, type ApiResult } from '#lib/api.ts';
import type { ProductQuery } from '#lib/schemas/catalog.ts';

const count = z.number().check(z.nonnegative());

export const ListedProductSchema = z.object({
  _id: z.string().check(z.minLength(1)),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  brand: z.string(),
  price: count,
  discount: count,
  stock: z.number(),
  rating: z.number(),
  numRatings: count,
  images: z.array(z.string()),
  image: z.string(),
});
export type ListedProduct = z.infer<typeof ListedProductSchema>;

export const ListingPageSchema = z.object({
  products: z.array(ListedProductSchema),
  pagination: z.object({ page: count, limit: count, total: count, pages: count }),
});
export type ListingPage = z.infer<typeof ListingPageSchema>;

export type ListingQuery = Partial<Omit<ProductQuery, 'page' | 'limit'>> & { page: number; limit: number };

let client: ApiClient | undefined;

/** One page of products; `{ok: false}` with 'Invalid response format' when the reply is not one. Never throws. */
export async function fetchListing(query: ListingQuery, api: ApiClient = (client ??= new ApiClient())): Promise<ApiResult<ListingPage>> {
  const result = await api.request('/api/products', { query });
  return result.ok ? listingOf(result.data) : result;
}

/** A successful reply's listing: `data.products` with `data.pagination`, or a bare array in `data`. */
function listingOf(replyData: unknown): ApiResult<ListingPage> {
  const reply = (replyData && typeof replyData === 'object' ? replyData : {}) as { data?: unknown };
  const data = reply.data ?? reply;
  // A bare array is a single page of everything (the products are data.products, or data itself).
  const page = Array.isArray(data) ? { products: data, pagination: { page: 1, limit: data.length || 1, total: data.length, pages: 1 } } : data;
  const parsed = ListingPageSchema.safeParse(page);
  if (!parsed.success) return { ok: false, error: { kind: 'validation', message: 'Invalid response format' } };
  return { ok: true, data: parsed.data };
}

/**
 * A page whose first listing is known from its URL alone (the search page) asks for it from an
 * inline script in its head, long before React has loaded, and leaves the request here:
 * `{url, promise, text}`, `text` being the reply's text once a 2xx reply is in (null otherwise);
 * the island's first useProductList of that URL takes it over (takeFirstListing).
 */
export const FIRST_LISTING_GLOBAL = '__kiryanaFirstListing';
export interface FirstListingHandoff {
  url: string;
  promise: Promise<string | null>;
  text?: string | null;
}

export interface PrefetchedListing {
  promise: Promise<ApiResult<ListingPage>>;
  /** The result, when the reply was in as it was taken. */
  settled?: ApiResult<ListingPage>;
}

/** The request the page's inline script started for `query` (the same URL), left in place for the island. */
export function peekFirstListing(query: ListingQuery, api: ApiClient = (client ??= new ApiClient())): FirstListingHandoff | undefined {
  const handoff = (globalThis as { [FIRST_LISTING_GLOBAL]?: FirstListingHandoff })[FIRST_LISTING_GLOBAL];
  return handoff?.url === buildUrl(api.base, '/api/products', query) ? handoff : undefined;
}

/**
 * The request the page's inline script started for `query` (the same URL), handed out once: its
 * result at once when the reply is in, else a promise of it. A reply that is not a good listing is
 * asked again through the client, for its errors and messages. Undefined when there is none.
 */
export function takeFirstListing(query: ListingQuery, api: ApiClient = (client ??= new ApiClient())): PrefetchedListing | undefined {
  const handoff = peekFirstListing(query, api);
  if (!handoff) return undefined;
  delete (globalThis as { [FIRST_LISTING_GLOBAL]?: FirstListingHandoff })[FIRST_LISTING_GLOBAL];
  const adopt = (text: string | null | undefined) => (text ? goodListing(text) : undefined);
  const now = adopt(handoff.text);
  return now ? { promise: Promise.resolve(now), settled: now } : { promise: handoff.promise.then((text) => adopt(text) ?? fetchListing(query, api)) };
}

/** The listing in a reply's text, when it is a good one. */
export function goodListing(text: string): ApiResult<ListingPage> | undefined {
  const reply = unwrapGateway(text);
  if (!reply || typeof reply !== 'object' || (reply as { success?: unknown }).success === false) return undefined;
  const listing = listingOf(reply);
  return listing.ok ? listing : undefined;
}
