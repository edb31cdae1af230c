/**
 * The search resource, for the suggestions: GET /api/products?q=TERM&limit=5 (matched and ranked
 * by the store's search rule, src/lib/search/) over the whole catalogue. Parsed with zod/mini into the suggestions' own shape: this module loads with the
 * search box on every page, where full zod would cost too much.
 */
import * as z from 'zod/mini';
import { ApiClient, type ApiResult } from '#lib/api.ts';
import { salePrice } from '#lib/money.ts';
import { SEARCH_INDEX_VERSION, SearchIndexFileSchema, type SearchIndexFile } from './index-file.ts';
import { MAX_SUGGESTIONS, type Suggestion } from './suggestions.ts';

const FoundProductSchema = z.object({
  _id: z.string().check(z.minLength(1)),
  name: z.string(),
  price: z.number(),
  discount: z.number(),
  images: z.optional(z.array(z.string())),
  image: z.optional(z.string()),
});

/**
 * `data.products`, or a bare array in `data`: picked by hand, then parsed. (A z.union would put the
 * union's code in the chunk every page loads, which shares zod/mini with this module.)
 */
const FoundProductsSchema = z.array(FoundProductSchema);
function pickProducts(reply: unknown): unknown {
  const data = reply && typeof reply === 'object' ? (reply as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? data : data && typeof data === 'object' ? (data as { products?: unknown }).products : undefined;
}

export class SearchApi {
  readonly client: ApiClient;
  /** The built site's own files (the index lives beside the pages, not on the API's origin). */
  readonly site: ApiClient;
  constructor(client: ApiClient = new ApiClient(), site: ApiClient = new ApiClient('')) {
    this.client = client;
    this.site = site;
  }

  /** The build's search index at `url` (a path on the site). Must not throw. */
  async index(url: string): Promise<ApiResult<SearchIndexFile>> {
    const result = await this.site.request(url, { timeoutMs: 15_000 });
    if (!result.ok) return result;
    const parsed = SearchIndexFileSchema.safeParse(result.data);
    const file = parsed.success ? parsed.data : undefined;
    const columns = file ? [file.id, file.price, file.image, file.category, file.brand, file.words] : [];
    // The dictionary's entries are checked where they are made (the importer, the editors' form).
    if (!file || file.v !== SEARCH_INDEX_VERSION || file.rating.length !== file.name.length || columns.some((c) => c.length !== file.name.length)) {
      return { ok: false, error: { kind: 'validation', message: 'Invalid search index' } };
    }
    return { ok: true, data: file };
  }

  /** The first `limit` products matching `term`, ranked as the index ranks them (the API's default for a search). Must not throw. */
  async suggestions(term: string, limit = MAX_SUGGESTIONS): Promise<ApiResult<Suggestion[]>> {
    const result = await this.client.request('/api/products', { query: { q: term.trim(), limit }, timeoutMs: 5_000 });
    if (!result.ok) return result;
    const parsed = FoundProductsSchema.safeParse(pickProducts(result.data));
    if (!parsed.success) return { ok: false, error: { kind: 'validation', message: 'Invalid response format' } };
    const products = parsed.data;
    return {
      ok: true,
      data: products.slice(0, limit).map((p) => ({ id: p._id, name: p.name, price: salePrice(p), image: p.images?.[0] || p.image || '' })),
    };
  }
}
