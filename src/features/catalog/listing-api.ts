/**
 * The product listings islands read (category controls, search page): GET /api/products parsed
 * with zod/mini into the fields a card shows. The build's CatalogApi (api.ts) parses whole
 * products with the full zod, which would cost a page with React a sixth of its budget; the
 * fields kept here are the ones ProductCardView renders and itemOf stores.
 */
import * as z from 'zod/mini';
import { ApiClient, type ApiResult } from '#lib/api.ts';
import type { ProductQuery } from '#lib/schemas/catalog.ts';

const count = z.number().check(z.nonnegative());

export const ListedProductSchema = z.object({
  _id: z.string().check(z.minLength(1)),
  name: z.string(),
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
  if (!result.ok) return result;
  const reply = (result.data && typeof result.data === 'object' ? result.data : {}) as { data?: unknown };
  const data = reply.data ?? reply;
  // A bare array is a single page of everything (SPEC.md: replies read data.products or data).
  const page = Array.isArray(data) ? { products: data, pagination: { page: 1, limit: data.length || 1, total: data.length, pages: 1 } } : data;
  const parsed = ListingPageSchema.safeParse(page);
  if (!parsed.success) return { ok: false, error: { kind: 'validation', message: 'Invalid response format' } };
  return { ok: true, data: parsed.data };
}
