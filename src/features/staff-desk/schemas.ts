/**
 * The order desk's replies as the pages read them (the staff API's orders and reports routes),
 * parsed with zod/mini into the pages' own types: a reply of another shape is a failed request,
 * never a half-drawn page.
 */
import * as z from 'zod/mini';
import { ORDER_STATUSES } from '#lib/schemas/orders-rules.ts';

const status = z.enum(ORDER_STATUSES);
const total = z.object({ count: z.number(), capped: z.boolean() });

export const DeskOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  totalAmount: z.number(),
  isPaid: z.boolean(),
  paidAt: z.nullable(z.string()),
  userId: z.nullable(z.string()),
});
export type DeskOrder = z.infer<typeof DeskOrderSchema>;

export const DeskListSchema = z.object({ orders: z.array(DeskOrderSchema), nextCursor: z.nullable(z.string()), total });
export type DeskList = z.infer<typeof DeskListSchema>;

export const DeskCountsSchema = z.object({ Pending: total, Processing: total, Shipped: total, Delivered: total, Cancelled: total });
export type DeskCounts = z.infer<typeof DeskCountsSchema>;

export const PulseSchema = z.object({ mark: z.string() });

const EventSchema = z.object({
  at: z.string(),
  actor: z.object({ kind: z.enum(['shopper', 'guest', 'staff', 'operator', 'system']), id: z.nullable(z.string()), label: z.nullable(z.string()) }),
  action: z.enum(['placed', 'status_changed', 'cancelled', 'cash_collected', 'note']),
  from: z.nullable(status),
  to: z.nullable(status),
  note: z.nullable(z.string()),
});

export const DeskOrderDetailSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status,
  nextStatuses: z.array(status),
  canCancel: z.boolean(),
  isPaid: z.boolean(),
  paidAt: z.nullable(z.string()),
  isDelivered: z.boolean(),
  deliveredAt: z.nullable(z.string()),
  paymentMethod: z.string(),
  subtotal: z.number(),
  youSave: z.number(),
  shipping: z.number(),
  totalAmount: z.number(),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    whatsapp: z.string(),
    account: z.nullable(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  }),
  shippingAddress: z.object({ address: z.string(), city: z.string(), province: z.string(), postalCode: z.string(), country: z.string() }),
  items: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      image: z.string(),
      productUrl: z.nullable(z.string()),
      price: z.number(),
      originalPrice: z.nullish(z.number()),
      quantity: z.number(),
      lineTotal: z.number(),
    }),
  ),
  timeline: z.array(EventSchema),
});
export type DeskOrderDetail = z.infer<typeof DeskOrderDetailSchema>;

export const BulkReplySchema = z.object({
  moved: z.array(z.object({ orderNumber: z.string(), from: z.string(), to: z.string() })),
  refused: z.array(z.object({ orderNumber: z.string(), message: z.string() })),
});

const figures = { orders: z.number(), cancelled: z.number(), units: z.number(), revenue: z.number(), cashCollected: z.number(), cashOutstanding: z.number() };
export const SalesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ day: z.string(), ...figures })),
  totals: z.object(figures),
  bestSellers: z.array(z.object({ productId: z.string(), name: z.string(), units: z.number(), revenue: z.number(), orders: z.number() })),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;
