/**
 * The order's timeline (table order_events): who did what to an order, when. Every writer of an
 * order's status writes its row here in its own transaction (placement in its one statement,
 * lifecycle.ts for every move), so the desk never shows a status without the move that made it.
 * Read-only to everyone else: `orderTimeline` is the staff desk's view (names included).
 */
import { asc, eq } from 'drizzle-orm';
import { DESK_TEXT_MAX } from '#lib/schemas/desk.ts';
import type { OrderStatus } from '#lib/schemas/orders.ts';
import type { Database } from '#server/db/client.ts';
import { orderEvents, type OrderEventRow } from '#server/db/schema.ts';

/** Who acted: a signed-in shopper (their account id), a guest, a staff member, the operator's command, or the system. */
export type OrderActor =
  | { kind: 'shopper'; id: string }
  | { kind: 'guest' }
  | { kind: 'staff'; id: string; label: string }
  | { kind: 'operator' }
  | { kind: 'system' };

export type OrderAction = 'placed' | 'status_changed' | 'cancelled' | 'cash_collected' | 'note';

/** The longest note or reason an event keeps (the database refuses longer). */
export const ORDER_EVENT_NOTE_MAX = DESK_TEXT_MAX;

export interface OrderEvent {
  at: string;
  actor: { kind: OrderActor['kind']; id: string | null; label: string | null };
  action: OrderAction;
  from: OrderStatus | null;
  to: OrderStatus | null;
  note: string | null;
}

/** The row an event is written as. */
export function eventRow(orderId: string, at: Date, actor: OrderActor, action: OrderAction, change: { from?: OrderStatus; to?: OrderStatus; note?: string } = {}) {
  return {
    orderId,
    at,
    actorKind: actor.kind,
    actorId: 'id' in actor ? actor.id : null,
    actorLabel: 'label' in actor ? actor.label : null,
    action,
    fromStatus: change.from ?? null,
    toStatus: change.to ?? null,
    note: change.note ?? null,
  } satisfies typeof orderEvents.$inferInsert;
}

function toEvent(row: OrderEventRow): OrderEvent {
  return {
    at: row.at.toISOString(),
    actor: { kind: row.actorKind as OrderActor['kind'], id: row.actorId, label: row.actorLabel },
    action: row.action as OrderAction,
    from: row.fromStatus as OrderStatus | null,
    to: row.toStatus as OrderStatus | null,
    note: row.note,
  };
}

/** Order `orderId`'s whole timeline, oldest first (rows of one moment in the order they were written). */
export async function orderTimeline(db: Database, orderId: string): Promise<OrderEvent[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.at));
  // A placement and a move in the same millisecond: the placement first.
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime() || Number(b.action === 'placed') - Number(a.action === 'placed')).map(toEvent);
}
