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
 */
import { eq, sql } from 'drizzle-orm';
import { nextStatuses, type Order, type OrderStatus } from '#lib/schemas/orders.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { orders, orderStatusEvents } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
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

/** Moves order `number` to `to` at `now`; the moved order. 404 unknown number, 409 a refused move. */
export async function advanceOrder(db: Database, number: string, to: OrderStatus, now: Date): Promise<Order> {
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.orderNumber, number)).for('update');
    if (!row) throw new HttpError(404, M.unknownNumber(number));
    const from = row.status as OrderStatus;
    if (!nextStatuses(from).includes(to)) throw new HttpError(409, M.illegalMove(number, from, to));

    const changes: Partial<typeof orders.$inferInsert> = { status: to, updatedAt: now };
    if (to === 'Delivered') Object.assign(changes, { isDelivered: true, deliveredAt: now, isPaid: true, paidAt: now });
    await tx.update(orders).set(changes).where(eq(orders.id, row.id));
    if (to === 'Cancelled') await restock(tx, row.id);
    await tx.insert(orderStatusEvents).values({ orderId: row.id, status: to, at: now });
    return row.id;
  });
  return toOrder((await orderById(db, id))!);
}
