/**
 * The signed-in shopper's orders: GET /api/order with the token (newest first). Kept apart from
 * api.ts and as small as it can be: the account page, at the edge of its JavaScript budget, loads
 * it. Must not throw; a 401 ends the session (authedRequest), unless the caller says otherwise.
 */
import * as z from 'zod/mini';
import { authedRequest, type AuthedOptions } from '#features/session/api.ts';
import type { OrderStatus } from '#lib/schemas/orders.ts';

/** An order as a list shows it. */
export interface OrderListItem {
  _id: string;
  orderNumber: string;
  status: OrderStatus;
  totalAmount: number;
  itemCount: number;
  createdAt: string;
}

const ListItemSchema = z.object({
  _id: z.string().check(z.minLength(1)),
  orderNumber: z.string(),
  status: z.string(),
  totalAmount: z.number(),
  itemCount: z.optional(z.number()),
  items: z.optional(z.array(z.object({ quantity: z.number() }))),
  createdAt: z.string(),
});
const ListSchema = z.object({ orders: z.array(ListItemSchema) });

export type OrdersOutcome = { ok: true; orders: OrderListItem[] } | { ok: false; status?: number };

export async function listOrders(options?: AuthedOptions): Promise<OrdersOutcome> {
  const result = await authedRequest('/api/order', {}, options);
  if (!result.ok) return { ok: false, status: result.error.status };
  const parsed = ListSchema.safeParse(result.data);
  if (!parsed.success) return { ok: false };
  return {
    ok: true,
    orders: parsed.data.orders.map((o) => ({
      _id: o._id,
      orderNumber: o.orderNumber,
      status: o.status as OrderStatus,
      totalAmount: o.totalAmount,
      itemCount: o.itemCount ?? o.items?.length ?? 0,
      createdAt: o.createdAt,
    })),
  };
}
