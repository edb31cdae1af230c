/**
 * GET /api/search/nearest?q=: what the search page offers when a search finds nothing (rewritten
 * searches that find products, popular products), parsed with zod/mini into the page's own shape
 * (the listing's product, which the cards draw). Must not throw.
 */
import * as z from 'zod/mini';
import { ApiClient, type ApiResult } from '#lib/api.ts';
import { ListedProductSchema, type ListedProduct } from '#features/catalog/listing-api.ts';

const NearestSchema = z.object({
  didYouMean: z.array(z.string()),
  popular: z.array(ListedProductSchema),
});

export interface Nearest {
  didYouMean: string[];
  popular: ListedProduct[];
}

let client: ApiClient | undefined;

export async function fetchNearest(term: string, api: ApiClient = (client ??= new ApiClient())): Promise<ApiResult<Nearest>> {
  const result = await api.request('/api/search/nearest', { query: { q: term.trim() }, timeoutMs: 8_000 });
  if (!result.ok) return result;
  const parsed = NearestSchema.safeParse((result.data as { data?: unknown } | undefined)?.data);
  if (!parsed.success) return { ok: false, error: { kind: 'validation', message: 'Invalid response format' } };
  return { ok: true, data: parsed.data };
}
