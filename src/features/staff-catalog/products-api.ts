/**
 * The product pages' calls to the staff products API, over the staff pages' one way to it
 * (staffFetch: a 401 goes to the sign-in). Each returns the reply as the API's types say it, or a
 * refusal with the API's words, its field errors and, for a conflict, the product as now stored;
 * none throws.
 */
import { ApiClient } from '#lib/api.ts';
import { staffCall, type StaffRequest } from '#features/staff/api.ts';
import type { CategoryChoice, HistoryPage, LiveState, NewProduct, ProductChanges, StaffProduct, StaffProductList } from './product-types.ts';

export type ProductResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; message: string; errors: Record<string, string>; current?: StaffProduct };

/** staffCall, with a conflict's product as now stored taken out of the refusal. */
async function call<T>(path: string, req: StaffRequest = {}): Promise<ProductResult<T>> {
  const result = await staffCall<T, { current?: unknown }>(path, req);
  if (result.ok) return result;
  const current = result.reply?.current && typeof result.reply.current === 'object' ? (result.reply.current as StaffProduct) : undefined;
  return { ok: false, status: result.status, message: result.message, errors: result.errors, ...(current ? { current } : {}) };
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
