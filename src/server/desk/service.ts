/**
 * The order desk: what staff (and the operator's command) do to orders, with the rules in one place.
 *
 * 1. Moves are the lifecycle's (orders/lifecycle.ts: the same checks, stock and timeline as every
 *    move); the timeline names who moved it (a staff member by name or e-mail, or the operator).
 * 2. Every change appends its audit row in the same transaction as the change: a change never
 *    stands without its row, nor a row without its change. The command line's rows have no author
 *    and the address 'command line'.
 * 3. Cash collected marks an order paid, at the clock's time, once; never a cancelled one.
 * 4. A note is text on the timeline (at most 500 characters, no control characters but line breaks);
 *    it is never read as HTML.
 * 5. Bulk advance moves each order in its own transaction: one refused does not stop the others,
 *    and each refusal comes back in words.
 * 6. After the commit, never inside it and never failing the change: the shopper is mailed when the
 *    order becomes Shipped, Delivered or Cancelled, and a cancel tells the catalogue of the stock it
 *    gave back.
 */
import { logUnexpected } from '#server/monitoring/log.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DeskListQuery } from '#lib/desk-query.ts';
import { paths } from '#lib/paths.ts';
import type { DeskAdvanceResult, DeskOrderDetail } from '#lib/schemas/desk.ts';
import { nextStatuses, normalizeOrderNumber, type Order, type OrderStatus } from '#lib/schemas/orders.ts';
import { catalogueCacheFor } from '#server/catalog/cache.ts';
import { onSale } from '#server/catalog/product-rows.ts';
import type { Clock } from '#server/clock.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { orderEvents, orders, products, users } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { Mail } from '#server/mail/templates.ts';
import { orderCancelledMail, orderDeliveredMail, orderShippedMail } from '#server/mail/order-mail.ts';
import { eventRow, orderTimeline, type OrderActor } from '#server/orders/events.ts';
import { moveOrder } from '#server/orders/lifecycle.ts';
import { ORDER_MESSAGES } from '#server/orders/messages.ts';
import { orderByNumber } from '#server/orders/reads.ts';
import { appendAudit } from '#server/staff/audit.ts';
import { countDeskOrders, listDeskOrders } from './orders-list.ts';

export const DESK_TEXT = {
  unknown: (number: string) => ORDER_MESSAGES.unknownNumber(number),
  paidAlready: (number: string) => `Order ${number} is marked paid already.`,
  cancelledNoCash: (number: string) => `Order ${number} is cancelled: there is no cash to collect.`,
  cancelled: (number: string) => `Order ${number} is cancelled; its items are back in stock.`,
  cash: (number: string) => `Cash collected for order ${number}.`,
  noted: (number: string) => `The note is added to order ${number}.`,
} as const;

/** Who changes an order: the audit row's author and address, and the timeline's actor. */
export interface DeskWho {
  staffId: string | null;
  clientAddress: string;
  actor: OrderActor;
}

/** A staff member as the timeline and the audit trail name them. */
export function staffWho(member: { id: string; name: string; email: string }, clientAddress: string): DeskWho {
  return { staffId: member.id, clientAddress, actor: { kind: 'staff', id: member.id, label: member.name || member.email } };
}

/** The operator's command: on the timeline as the operator, in the audit trail without an author. */
export const OPERATOR_WHO: DeskWho = { staffId: null, clientAddress: 'command line', actor: { kind: 'operator' } };

/** The audit action of a move to `to`. */
const moveAction = (to: OrderStatus) => (to === 'Cancelled' ? 'order.cancel' : 'order.advance');

/** The pulse's statement: the timeline's largest number, read off its unique index (apart so a test can read its plan). */
export const pulseStatement = (db: Database) => db.select({ mark: sql<string | null>`max(${orderEvents.seq})::text` }).from(orderEvents);

export interface DeskContext {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The site's origin, without a trailing slash: the mails' tracking links point there. */
  siteUrl: string;
  logError?: (err: unknown) => void;
}

export function createDesk({ db, clock, mailer, siteUrl, logError = (err) => logUnexpected(err) }: DeskContext) {
  const trackingLink = (id: string) => `${siteUrl}${paths.orderStatus(id)}`;

  /** The order number as typed (any case or spacing), or a 404 naming it. */
  function numberOf(typed: string): string {
    const number = normalizeOrderNumber(typed);
    if (!number) throw new HttpError(404, DESK_TEXT.unknown(typed.trim()));
    return number;
  }

  /** What happens once a move committed (rule 6): must not throw. */
  function afterMove(order: Order): void {
    if (order.status === 'Cancelled') catalogueCacheFor(db).stockMoved(order.items.map((l) => l.productId));
    const mail: Record<string, ((o: Order, link: string) => Mail) | undefined> = { Shipped: orderShippedMail, Delivered: orderDeliveredMail, Cancelled: orderCancelledMail };
    const make = mail[order.status];
    if (!make) return;
    try {
      mailer.deliver(make(order, trackingLink(order._id)));
    } catch (err) {
      logError(err); // the move stands; the desk and the status page show it
    }
  }

  /** Moves one order (rules 1, 2, 6); `note` is a cancel's reason. 404 unknown, 409 a move the lifecycle refuses. */
  async function move(typed: string, to: OrderStatus, who: DeskWho, note?: string): Promise<Order> {
    return (await moveOne(typed, to, who, note)).order;
  }

  async function moveOne(typed: string, to: OrderStatus, who: DeskWho, note?: string): Promise<{ order: Order; from: OrderStatus }> {
    const number = numberOf(typed);
    const now = clock.now();
    let from: OrderStatus = 'Pending';
    const order = await moveOrder(db, { number }, to, now, {
      actor: who.actor,
      note,
      alsoInTransaction: (tx, moved) => {
        from = moved.from;
        return appendAudit(tx, {
          at: now,
          staffId: who.staffId,
          action: moveAction(to),
          recordKind: 'order',
          recordId: moved.orderNumber,
          before: moved.before,
          after: note === undefined ? moved.after : { ...moved.after, reason: note },
          clientAddress: who.clientAddress,
        });
      },
    });
    afterMove(order);
    return { order, from };
  }

  /** Rule 5: each order its own move; refusals (unknown numbers, moves not allowed) in words. */
  async function advance(numbers: string[], to: OrderStatus, who: DeskWho): Promise<DeskAdvanceResult> {
    const result: DeskAdvanceResult = { moved: [], refused: [] };
    const seen = new Set<string>();
    for (const typed of numbers) {
      const shown = normalizeOrderNumber(typed) ?? typed.trim();
      if (seen.has(shown)) continue; // the same order twice in one request moves once
      seen.add(shown);
      try {
        const { order, from } = await moveOne(typed, to, who);
        result.moved.push({ orderNumber: order.orderNumber, from, to: order.status });
      } catch (err) {
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        result.refused.push({ orderNumber: shown, message: err.message });
      }
    }
    return result;
  }

  /** The order row locked for a change that is not a move, or a 404. */
  async function lockOrder(tx: Database, number: string) {
    const [row] = await tx
      .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, isPaid: orders.isPaid, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.orderNumber, number))
      .for('update');
    if (!row) throw new HttpError(404, DESK_TEXT.unknown(number));
    return row;
  }

  /** Rule 3: paid now; 409 when paid already or cancelled. */
  async function collectCash(typed: string, who: DeskWho): Promise<void> {
    const number = numberOf(typed);
    const now = clock.now();
    await inTransaction(db, async (tx) => {
      const row = await lockOrder(tx, number);
      if (row.status === 'Cancelled') throw new HttpError(409, DESK_TEXT.cancelledNoCash(number));
      if (row.isPaid) throw new HttpError(409, DESK_TEXT.paidAlready(number));
      await tx.update(orders).set({ isPaid: true, paidAt: now, updatedAt: now }).where(eq(orders.id, row.id));
      await tx.insert(orderEvents).values(eventRow(row.id, now, who.actor, 'cash_collected'));
      await appendAudit(tx, {
        at: now,
        staffId: who.staffId,
        action: 'order.cash',
        recordKind: 'order',
        recordId: number,
        before: { status: row.status, isPaid: false, paidAt: null },
        after: { status: row.status, isPaid: true, paidAt: now.toISOString() },
        clientAddress: who.clientAddress,
      });
    });
  }

  /** Rule 4: a note on the timeline (validated by the route's schema: 1 to 500 characters). */
  async function addNote(typed: string, text: string, who: DeskWho): Promise<void> {
    const number = numberOf(typed);
    const now = clock.now();
    await inTransaction(db, async (tx) => {
      const row = await lockOrder(tx, number);
      await tx.insert(orderEvents).values(eventRow(row.id, now, who.actor, 'note', { note: text }));
      await appendAudit(tx, { at: now, staffId: who.staffId, action: 'order.note', recordKind: 'order', recordId: number, after: { note: text }, clientAddress: who.clientAddress });
    });
  }

  /** One order as the desk shows it, or a 404. */
  async function detail(typed: string): Promise<DeskOrderDetail> {
    const number = numberOf(typed);
    const record = await orderByNumber(db, number);
    if (!record) throw new HttpError(404, DESK_TEXT.unknown(number));
    const { row, items } = record;
    const ids = [...new Set(items.map((i) => i.productId))];
    const [timeline, account, sold] = await Promise.all([
      orderTimeline(db, row.id),
      row.userId ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId)) : Promise.resolve([]),
      ids.length ? db.select({ id: products.id }).from(products).where(and(inArray(products.id, ids), onSale)) : Promise.resolve([]),
    ]);
    const stillSold = new Set(sold.map((p) => p.id));
    const status = row.status as OrderStatus;
    const next = nextStatuses(status);
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      id: row.id,
      orderNumber: row.orderNumber,
      createdAt: row.createdAt.toISOString(),
      status,
      nextStatuses: next.filter((s) => s !== 'Cancelled'),
      canCancel: next.includes('Cancelled'),
      isPaid: row.isPaid,
      paidAt: iso(row.paidAt),
      isDelivered: row.isDelivered,
      deliveredAt: iso(row.deliveredAt),
      paymentMethod: row.paymentMethod,
      subtotal: row.subtotal,
      youSave: row.youSave,
      shipping: row.shipping,
      totalAmount: row.totalAmount,
      customer: {
        name: row.guestName,
        email: row.guestEmail,
        phone: row.contactNumber,
        whatsapp: row.contactNumber.replace(/\D/g, ''),
        account: account[0] ?? null,
      },
      shippingAddress: { address: row.address, city: row.city, province: row.province, postalCode: row.postalCode, country: row.country },
      items: [...items]
        .sort((a, b) => a.position - b.position)
        .map((i) => ({
          productId: i.productId,
          name: i.name,
          image: i.image,
          productUrl: stillSold.has(i.productId) ? paths.product(i.productId) : null,
          price: i.price,
          originalPrice: i.originalPrice,
          quantity: i.quantity,
          lineTotal: i.lineTotal,
        })),
      timeline,
    };
  }

  /** The list's page, times as ISO strings. */
  async function list(query: DeskListQuery) {
    const page = await listDeskOrders(db, query);
    return { ...page, orders: page.orders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString(), paidAt: o.paidAt ? o.paidAt.toISOString() : null })) };
  }

  /**
   * A mark that changes whenever any order is placed or changed, by any process: every such change
   * writes a timeline row, whose number is read off its index (one lookup).
   */
  async function pulse(): Promise<string> {
    const [row] = await pulseStatement(db);
    return row?.mark ?? '0';
  }

  return {
    list,
    counts: (range: Pick<DeskListQuery, 'from' | 'to'>) => countDeskOrders(db, range),
    pulse,
    detail,
    move,
    advance,
    cancel: (typed: string, reason: string, who: DeskWho) => move(typed, 'Cancelled', who, reason),
    collectCash,
    addNote,
    /** Resolves once the mails handed over so far were sent or given up. */
    settled: () => mailer.settled(),
  };
}

export type Desk = ReturnType<typeof createDesk>;
