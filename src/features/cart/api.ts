/**
 * The cart's one API module: what the catalogue says about the products in a cart now.
 * One `GET /api/products/{id}` a line, all at once (carts are small). Must not throw: a product
 * the API does not know (404) is `missing`; any other failure is `failed` and the line stays as stored.
 * Parsed with zod/mini (the cart page's budget has no room for the full zod).
 */
import * as z from 'zod/mini';
import { ApiClient } from '#lib/api.ts';
import type { CheckResult } from './recheck.ts';

const CurrentProductSchema = z.object({
  price: z.number().check(z.nonnegative()),
  discount: z.number().check(z.nonnegative()),
  stock: z.number(),
});

export async function checkProduct(id: string, client: ApiClient = new ApiClient()): Promise<CheckResult> {
  const result = await client.request(`/api/products/${encodeURIComponent(id)}`);
  if (!result.ok) return result.error.status === 404 ? { kind: 'missing' } : { kind: 'failed' };
  const reply = result.data as { data?: unknown; product?: unknown } | null;
  const parsed = CurrentProductSchema.safeParse(reply?.data ?? reply?.product);
  return parsed.success ? { kind: 'found', product: parsed.data } : { kind: 'failed' };
}

/** Every id's check, in parallel. */
export async function checkProducts(ids: readonly string[], client?: ApiClient): Promise<Map<string, CheckResult>> {
  const results = await Promise.all(ids.map((id) => checkProduct(id, client)));
  return new Map(ids.map((id, i) => [id, results[i]]));
}
