/**
 * The catalogue resource: one typed call per endpoint, each parsed into the app's own types.
 * Used by the build (getStaticPaths) and by browser islands alike.
 */
import { z } from 'zod';
import { ApiClient, type ApiResult } from '#lib/api.ts';
import {
  CategorySchema,
  MAX_PAGE_SIZE,
  ProductDetailSchema,
  ProductPageSchema,
  type Category,
  type Product,
  type ProductDetail,
  type ProductPage,
  type ProductQuery,
} from '#lib/schemas/catalog.ts';

type ListQuery = Partial<Omit<ProductQuery, 'page' | 'limit'>> & { page?: number; limit?: number };

/** `data.products` + `data.pagination`, or a bare array in `data`. */
function pickPage(reply: Record<string, unknown>): unknown {
  const data = reply.data ?? reply;
  if (Array.isArray(data)) {
    return { products: data, pagination: { page: 1, limit: data.length || 1, total: data.length, pages: 1 } };
  }
  return data;
}

export class CatalogApi {
  readonly client: ApiClient;
  constructor(client: ApiClient = new ApiClient()) {
    this.client = client;
  }

  listProducts(query: ListQuery = {}): Promise<ApiResult<ProductPage>> {
    return this.client.get('/api/products', ProductPageSchema, pickPage, { query });
  }

  getProduct(id: string): Promise<ApiResult<ProductDetail>> {
    return this.client.get(`/api/products/${encodeURIComponent(id)}`, ProductDetailSchema, (r) => r.data ?? r.product);
  }

  listCategories(): Promise<ApiResult<Category[]>> {
    return this.client.get('/api/category', z.array(CategorySchema), (r) => (Array.isArray(r.data) ? r.data : r.data ?? r));
  }

  categoryProducts(id: string, page = 1, limit = 12): Promise<ApiResult<ProductPage>> {
    return this.client.get(`/api/categories/${encodeURIComponent(id)}/products`, ProductPageSchema, pickPage, {
      query: { page, limit },
    });
  }

  /** Every product, page by page, with reviews: what the build renders. Fails if any page fails. */
  async allProducts(include?: 'reviews'): Promise<ApiResult<Product[]>> {
    const products: Product[] = [];
    for (let page = 1; ; page++) {
      const result = await this.listProducts({ page, limit: MAX_PAGE_SIZE, sortBy: 'createdAt', sortOrder: 'desc', include });
      if (!result.ok) return result;
      products.push(...result.data.products);
      if (page >= result.data.pagination.pages) return { ok: true, data: products };
    }
  }
}
