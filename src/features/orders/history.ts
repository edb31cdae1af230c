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

/**
 * The fields of each order (the reply contract, src/lib/schemas/order-replies.ts) the list shows,
 * read without the contract's schemas: the account page's budget. Its status is one of
 * ORDER_STATUSES, as the contract says and the route tests hold.
 */
const ListItemSchema = z.object({
  _id: z.string().check(z.minLength(1)),
  orderNumber: z.string(),
  status: z.string(),
  totalAmount: z.number(),
  itemCount: z.number(),
  createdAt: z.string(),
});
const ListSchema = z.object({ orders: z.array(ListItemSchema) });

export type OrdersOutcome = { ok: true; orders: OrderListItem[] } | { ok: false; status?: number };

export async function listOrders(options?: AuthedOptions): Promise<OrdersOutcome> {
  const result = await authedRequest('/api/order', {}, options);
  if (!result.ok) return { ok: false, status: result.error.status };
  const parsed = ListSchema.safeParse(result.data);
  if (!parsed.success) return { ok: false };
  return { ok: true, orders: parsed.data.orders as OrderListItem[] };
}
