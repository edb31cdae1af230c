/**
 * Reading orders and shaping them for the API: the whole `Order` (by id, to its owner, to the
 * operator) or the `OrderSummary` anyone with the number may see (no id, name, address, phone,
 * e-mail or lines). Lines come back in the order they were placed; the timeline oldest first.
 */
import { asc, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { ORDER_STATUSES, type Order, type OrderStatus, type OrderSummary, type PaymentMethod } from '#lib/schemas/orders.ts';
import type { Database } from '#server/db/client.ts';
import { orderItems, orders, orderStatusEvents, type OrderItemRow, type OrderRow, type OrderStatusEventRow } from '#server/db/schema.ts';

export interface OrderRecord {
  row: OrderRow;
  items: OrderItemRow[];
  events: OrderStatusEventRow[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Events of one moment keep the lifecycle's order (a move is always forward, or to Cancelled). */
const rank = (s: string) => ORDER_STATUSES.indexOf(s as OrderStatus);

export function toSummary({ row, items, events }: OrderRecord): OrderSummary {
  const timeline = [...events].sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a.status) - rank(b.status));
  return {
    orderNumber: row.orderNumber,
    status: row.status as OrderStatus,
    statusHistory: timeline.map((e) => ({ status: e.status as OrderStatus, at: e.at.toISOString() })),
    paymentMethod: row.paymentMethod as PaymentMethod,
    totalAmount: row.totalAmount,
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    isPaid: row.isPaid,
    paidAt: iso(row.paidAt),
    isDelivered: row.isDelivered,
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOrder(record: OrderRecord): Order {
  const { row, items } = record;
  return {
    _id: row.id,
    ...toSummary(record),
    items: [...items]
      .sort((a, b) => a.position - b.position)
      .map((i) => ({
        productId: i.productId,
        name: i.name,
        image: i.image,
        price: i.price,
        ...(i.originalPrice !== null ? { originalPrice: i.originalPrice } : {}),
        quantity: i.quantity,
        lineTotal: i.lineTotal,
      })),
    subtotal: row.subtotal,
    youSave: row.youSave,
    shipping: row.shipping,
    contactNumber: row.contactNumber,
    shippingAddress: { address: row.address, city: row.city, province: row.province, postalCode: row.postalCode, country: row.country },
    guestInfo: { name: row.guestName, email: row.guestEmail },
    isGuest: row.userId === null,
  };
}

/** Orders matching `where`, newest first, each with its lines and timeline (three queries in all). */
export async function findOrders(db: Database, where: SQL | undefined, limit: number, offset = 0): Promise<OrderRecord[]> {
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, events] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.position)),
    db.select().from(orderStatusEvents).where(inArray(orderStatusEvents.orderId, ids)),
  ]);
  return rows.map((row) => ({
    row,
    items: items.filter((i) => i.orderId === row.id),
    events: events.filter((e) => e.orderId === row.id),
  }));
}

export async function orderById(db: Database, id: string): Promise<OrderRecord | undefined> {
  return (await findOrders(db, eq(orders.id, id), 1))[0];
}

export async function orderByNumber(db: Database, number: string): Promise<OrderRecord | undefined> {
  return (await findOrders(db, eq(orders.orderNumber, number), 1))[0];
}

/** An account's orders, newest first. */
export function ordersOfUser(db: Database, userId: string, limit: number, offset = 0): Promise<OrderRecord[]> {
  return findOrders(db, eq(orders.userId, userId), limit, offset);
}

/**
 * The operator's search, newest first: by phone when the text reads as one (compared in the one
 * form orders store phones in), else by the customer's name, any case, any part of it.
 */
export function findOrdersBy(db: Database, by: { phone: string } | { name: string }, limit: number): Promise<OrderRecord[]> {
  if ('phone' in by) return findOrders(db, eq(orders.contactNumber, by.phone), limit);
  const pattern = `%${by.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return findOrders(db, ilike(orders.guestName, pattern), limit);
}

/** The operator's list: every order (or those of one status), newest first. */
export function listOrders(db: Database, options: { status?: OrderStatus; limit: number }): Promise<OrderRecord[]> {
  return findOrders(db, options.status ? eq(orders.status, options.status) : undefined, options.limit);
}
