/**
 * The product pages' calls to the staff products API, over the staff pages' one way to it
 * (staffFetch: a 401 goes to the sign-in). Each returns the reply as the API's types say it, or a
 * refusal with the API's words, its field errors and, for a conflict, the product as now stored;
 * none throws.
 */
import { ApiClient } from '#lib/api.ts';
import { staffFetch, failureMessage, StaffApiError } from '#features/staff/api.ts';
import type { CategoryChoice, HistoryPage, LiveState, NewProduct, ProductChanges, StaffProduct, StaffProductList } from './product-types.ts';

export type ProductResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; errors: Record<string, string>; current?: StaffProduct };

function refusal(error: unknown): Extract<ProductResult<never>, { ok: false }> {
  if (!(error instanceof StaffApiError)) return { ok: false, status: 0, message: failureMessage(error), errors: {} };
  const reply = (error.reply ?? {}) as { current?: unknown };
  const current = reply.current && typeof reply.current === 'object' ? (reply.current as StaffProduct) : undefined;
  return { ok: false, status: error.status, message: error.message, errors: error.errors, ...(current ? { current } : {}) };
}

async function call<T>(path: string, req: { method?: 'GET' | 'POST' | 'PATCH'; body?: unknown; query?: Record<string, string | number | undefined> } = {}): Promise<ProductResult<T>> {
  try {
    return { ok: true, data: (await staffFetch<{ data: T }>(path, req)).data };
  } catch (error) {
    return refusal(error);
  }
}

const productPath = (id: string) => `/products/${encodeURIComponent(id)}`;

export const listProducts = (query: Record<string, string | number | undefined>) => call<StaffProductList>('/products', { query });
export const getProduct = (id: string) => call<StaffProduct>(productPath(id));
export const createProduct = (product: NewProduct) => call<StaffProduct>('/products', { method: 'POST', body: product });
export const changeProduct = (id: string, version: number, changes: ProductChanges) => call<StaffProduct>(productPath(id), { method: 'PATCH', body: { version, changes } });
export const liveState = (id: string) => call<LiveState>(`${productPath(id)}/live`);
export const productHistory = (id: string, before?: number) => call<HistoryPage>(`${productPath(id)}/history`, { query: { before } });

const shop = new ApiClient('');

/** The catalogue's categories (the shop's own list), for the form's choice and the list's filter. */
export async function listCategories(): Promise<ProductResult<CategoryChoice[]>> {
  const r = await shop.request('/api/category');
  if (!r.ok) return { ok: false, status: r.error.status ?? 0, message: r.error.message, errors: {} };
  const list = (r.data as { data?: CategoryChoice[] } | null)?.data;
  return { ok: true, data: Array.isArray(list) ? list.map((c) => ({ _id: c._id, name: c.name })) : [] };
}
