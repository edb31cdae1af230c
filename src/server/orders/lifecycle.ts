/**
 * Moving an order along its lifecycle (the operator's command): Pending → Processing → Shipped →
 * Delivered, skips allowed, or Cancelled from any status that is not final (`nextStatuses` in the
 * contract). Each move is one transaction that locks the order row first, so two moves of one
 * order at once never both pass the check; it appends a timeline row at the clock's time.
 *
 * - Delivered: isDelivered and deliveredAt, and isPaid and paidAt (cash on delivery is paid then).
 * - Cancelled: every line's units go back to its product's stock, in the same transaction
 *   (a product no longer sold has nothing to take them); the database's trigger notifies the stock channel.
 *   Cancelled is final, so this happens once.
 *
 * Every move writes its timeline row (events.ts) with who made it, in the same transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { nextStatuses, type Order, type OrderStatus } from '#lib/schemas/orders.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { orderEvents, orders, orderStatusEvents } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { eventRow, type OrderActor } from './events.ts';
import { ORDER_MESSAGES as M } from './messages.ts';
import { orderById, toOrder } from './reads.ts';

/**
 * Gives every line of order `orderId` its units back, in one statement: the products' rows are
 * locked in id order first ("C" collation, like placement), so a cancel and a placement never wait
 * on each other in a cycle; the stock channel is told which products changed (on commit only).
 */
async function restock(tx: Database, orderId: string): Promise<void> {
  await tx.execute(sql`
    with lines as (
      select product_id, sum(quantity)::int as quantity from order_items where order_id = ${orderId} group by product_id
    ),
    locked as materialized (
      select p.id from products p where p.id in (select product_id from lines) order by p.id collate "C" for update
    ),
    given as (
      update products p set stock = p.stock + l.quantity
      from lines l join locked k on k.id = l.product_id
      where p.id = l.product_id
      returning p.id
    )
    select count(*) from given
  `);
}

/** Which order a move is for: by its number (the operator, the desk) or its id (its shopper). */
export type OrderKey = { number: string } | { id: string };

export interface MoveOptions {
  /** Who moves it: written on the timeline. */
  actor: OrderActor;
  /**
   * The statuses the move may start from, when narrower than the lifecycle's (a shopper cancels
   * only a Pending order); from any other, the refusal `refused(from)` (a 409).
   */
  onlyFrom?: { statuses: readonly OrderStatus[]; refused: (from: OrderStatus) => string };
  /** A reason or note kept on the timeline row (bounded: events.ts). */
  note?: string;
  /**
   * Work that stands or falls with the move (the staff's audit row): run inside the move's
   * transaction, after the move's own rows, with what changed. If it throws, nothing of the move is kept.
   */
  alsoInTransaction?: (tx: Database, moved: MovedOrder) => Promise<void>;
}

/** What a move changed, for the work done in its transaction. */
export interface MovedOrder {
  id: string;
  orderNumber: string;
  from: OrderStatus;
  to: OrderStatus;
  before: { status: OrderStatus; isPaid: boolean };
  after: { status: OrderStatus; isPaid: boolean };
}

/** Moves order `number` to `to` at `now`; the moved order. 404 unknown number, 409 a refused move. */
export function advanceOrder(db: Database, number: string, to: OrderStatus, now: Date, options: MoveOptions): Promise<Order> {
  return moveOrder(db, { number }, to, now, options);
}

/** Moves the order `key` names to `to` at `now` (see advanceOrder). */
export async function moveOrder(db: Database, key: OrderKey, to: OrderStatus, now: Date, options: MoveOptions): Promise<Order> {
  const where = 'number' in key ? eq(orders.orderNumber, key.number) : eq(orders.id, key.id);
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx.select({ id: orders.id, number: orders.orderNumber, status: orders.status, isPaid: orders.isPaid }).from(orders).where(where).for('update');
    if (!row) throw new HttpError(404, 'number' in key ? M.unknownNumber(key.number) : M.notFound);
    const from = row.status as OrderStatus;
    if (options.onlyFrom && !options.onlyFrom.statuses.includes(from)) throw new HttpError(409, options.onlyFrom.refused(from));
    if (!nextStatuses(from).includes(to)) throw new HttpError(409, M.illegalMove(row.number, from, to));

    const changes: Partial<typeof orders.$inferInsert> = { status: to, updatedAt: now };
    if (to === 'Delivered') Object.assign(changes, { isDelivered: true, deliveredAt: now, isPaid: true, paidAt: now });
    // Units back before the order changes: its change moves the sales sums (a trigger), and every
    // writer locks the products' rows before those sums, as placement does, so none waits in a cycle.
    if (to === 'Cancelled') await restock(tx, row.id);
    await tx.update(orders).set(changes).where(eq(orders.id, row.id));
    await tx.insert(orderStatusEvents).values({ orderId: row.id, status: to, at: now });
    const action = to === 'Cancelled' ? 'cancelled' : 'status_changed';
    await tx.insert(orderEvents).values(eventRow(row.id, now, options.actor, action, { from, to, note: options.note }));
    const after = { status: to, isPaid: to === 'Delivered' || row.isPaid };
    await options.alsoInTransaction?.(tx, { id: row.id, orderNumber: row.number, from, to, before: { status: from, isPaid: row.isPaid }, after });
    return row.id;
  });
  return toOrder((await orderById(db, id))!);
}
