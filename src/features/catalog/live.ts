/**
 * A product's live price, discount and stock (GET /api/products/{id}), for the product page's buy
 * box. Kept apart from api.ts on purpose: that module parses with the full zod (~15 KB gz), this
 * one with zod/mini, so the product page stays within its budget. Must not throw.
 */
import * as z from 'zod/mini';
import { ApiClient, type ApiResult } from '#lib/api.ts';
import type { LiveFigures } from './product/buy-rules.ts';

const LiveSchema = z.object({
  price: z.number().check(z.nonnegative()),
  discount: z.number().check(z.nonnegative()),
  stock: z.number(),
});

export async function liveFigures(id: string, client = new ApiClient()): Promise<ApiResult<LiveFigures>> {
  const result = await client.request(`/api/products/${encodeURIComponent(id)}`);
  if (!result.ok) return result;
  const reply = (result.data ?? {}) as { data?: unknown; product?: unknown };
  const parsed = LiveSchema.safeParse(reply.data ?? reply.product);
  if (!parsed.success) return { ok: false, error: { kind: 'validation', message: 'Invalid response format' } };
  const { price, discount, stock } = parsed.data;
  return { ok: true, data: { price, discount, stock } };
}
