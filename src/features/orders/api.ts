/**
 * The orders' API module for tracking: GET /api/order/order-status/{idOrNumber}. By id the reply
 * holds the whole order; by number only its summary, unless the Bearer is the owner's. Parsed with
 * zod/mini into the app's own types; must not throw. The token is optional and a 401 never signs
 * the shopper out here: a stale token is simply left out and the order asked again without it.
 */
import * as z from 'zod/mini';
import { ApiClient, type ApiError } from '#lib/api.ts';
import type { Order, OrderStatus, OrderSummary } from '#lib/schemas/orders.ts';
import { ORDER_STATUSES } from '#lib/schemas/orders-rules.ts';

const text = z.string();
const when = z.optional(z.string());
const status = z.string().check(z.refine((s) => (ORDER_STATUSES as readonly string[]).includes(s)));
const SummarySchema = z.object({
  orderNumber: text,
  status,
  statusHistory: z.optional(z.array(z.object({ status, at: text }))),
  paymentMethod: z.optional(text),
  totalAmount: z.number(),
  itemCount: z.optional(z.number()),
  paidAt: when,
  deliveredAt: when,
  createdAt: text,
  updatedAt: when,
});
const LineSchema = z.object({
  productId: text,
  name: text,
  image: z.optional(text),
  price: z.number(),
  originalPrice: z.optional(z.number()),
  quantity: z.number(),
  lineTotal: z.optional(z.number()),
});
const AddressSchema = z.object({ address: text, city: text, province: text, postalCode: text, country: text });
/** The whole order's extra fields, all present when the reply is by id (or the owner's). */
const DetailSchema = z.object({
  _id: text,
  items: z.array(LineSchema),
  subtotal: z.optional(z.number()),
  youSave: z.optional(z.number()),
  contactNumber: text,
  shippingAddress: AddressSchema,
  guestInfo: z.object({ name: text, email: text }),
});

export type Tracked = { kind: 'order'; order: Order } | { kind: 'summary'; summary: OrderSummary };
export type TrackOutcome = { ok: true; tracked: Tracked } | { ok: false; notFound: boolean; message: string };

/** Null fields read as absent (paidAt: null), one level down where the order is. */
function withoutNulls(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
}

/** A true/false field read by hand (a z.boolean() here would join every page's zod chunk). */
const flag = (value: unknown, key: string) => (value as Record<string, unknown>)[key] === true;

/** A reply's order, as the pages use it: the whole order when it holds the details, else the summary. */
export function readOrder(raw: unknown): Tracked | undefined {
  const value = withoutNulls(raw);
  const summary = SummarySchema.safeParse(value);
  if (!summary.success) return undefined;
  const s = summary.data;
  const base: OrderSummary = {
    orderNumber: s.orderNumber,
    status: s.status as OrderStatus,
    statusHistory: (s.statusHistory ?? []).map((e) => ({ status: e.status as OrderStatus, at: e.at })),
    paymentMethod: 'COD',
    totalAmount: s.totalAmount,
    itemCount: s.itemCount ?? 0,
    isPaid: flag(value, 'isPaid'),
    paidAt: s.paidAt ?? null,
    isDelivered: flag(value, 'isDelivered'),
    deliveredAt: s.deliveredAt ?? null,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt ?? s.createdAt,
  };
  const detail = DetailSchema.safeParse(value);
  if (!detail.success) return { kind: 'summary', summary: base };
  const d = detail.data;
  const items = d.items.map((l) => ({ ...l, image: l.image ?? '', lineTotal: l.lineTotal ?? l.price * l.quantity }));
  const subtotal = d.subtotal ?? items.reduce((sum, l) => sum + l.lineTotal, 0);
  return {
    kind: 'order',
    order: {
      ...base,
      itemCount: s.itemCount ?? items.length,
      _id: d._id,
      items,
      subtotal,
      youSave: d.youSave ?? subtotal - s.totalAmount,
      shipping: 0,
      contactNumber: d.contactNumber,
      shippingAddress: d.shippingAddress,
      guestInfo: d.guestInfo,
      isGuest: flag(value, 'isGuest'),
    },
  };
}

export const TRACK_FAILED = 'We could not load this order just now. Please check your connection and try again.';
export const NOT_FOUND = 'Order not found. Please check the order ID or order number and try again.';

function failure(error: ApiError): TrackOutcome {
  const notFound = error.status === 404;
  return { ok: false, notFound, message: notFound ? NOT_FOUND : TRACK_FAILED };
}

/** GET /api/order/order-status/{idOrNumber}, with the token when one is given (a 401 asks again without it). */
export async function trackOrder(idOrNumber: string, token?: string, client = new ApiClient()): Promise<TrackOutcome> {
  const path = `/api/order/order-status/${encodeURIComponent(idOrNumber)}`;
  let result = await client.request(path, { token: token || undefined });
  if (!result.ok && result.error.status === 401 && token) result = await client.request(path);
  if (!result.ok) return failure(result.error);
  const reply = result.data as { order?: unknown } | null;
  const tracked = readOrder(reply?.order);
  return tracked ? { ok: true, tracked } : { ok: false, notFound: false, message: TRACK_FAILED };
}
