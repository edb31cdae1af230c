/**
 * Orders as one service over the database, the clock and the mailer: place, list an account's
 * orders, track one. Expected failures are HttpErrors with the contract's words (messages.ts); the
 * routes only parse requests and shape replies.
 *
 * The confirmation mail is handed to the mailer after the placement committed (never inside the
 * transaction), and its failure never fails the order. A replay sends none.
 */
import { logUnexpected } from '#server/monitoring/log.ts';
import { isTemporaryOrderId, isValidPhone, normalizeOrderNumber, normalizePhone, ORDER_ID, type CancelOrderBody, type Order, type OrderSummary, type PlaceOrderBody } from '#lib/schemas/orders.ts';
import { paths } from '#lib/paths.ts';
import type { ActiveSession } from '#server/auth/sessions.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/client.ts';
import { withConnectionRetry } from '#server/db/connection-retry.ts';
import { HttpError } from '#server/http/errors.ts';
import { FAILURE_COST, type Limits } from '#server/limits/limits.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { orderCancelledMail, orderConfirmationMail } from '#server/mail/order-mail.ts';
import { catalogueCacheFor } from '#server/catalog/cache.ts';
import { ORDER_MESSAGES as M } from './messages.ts';
import type { OrderActor } from './events.ts';
import { moveOrder } from './lifecycle.ts';
import { placeOrder, type Placement } from './place-order.ts';
import { orderById, orderByNumber, ordersOfUser, toOrder, toSummary } from './reads.ts';

export interface OrdersOptions {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The site's origin, without a trailing slash: tracking links point there. */
  siteUrl: string;
  logError?: (err: unknown) => void;
  /** The per-client limits: guest orders and look-ups by number are counted per client. */
  limits: Limits;
}

export function createOrders({ db, clock, mailer, siteUrl, limits, logError = (err) => logUnexpected(err) }: OrdersOptions) {
  const trackingLink = (id: string) => `${siteUrl}${paths.orderStatus(id)}`;

  async function place(body: PlaceOrderBody, session: ActiveSession | undefined, idempotencyKey: string | undefined, client: string): Promise<Placement> {
    // An account's orders are its own; a guest's are counted per client, so nobody can empty the
    // shelves anonymously from one address. The count is spent by the statement that places a new
    // order (in the database, so it holds across processes), not by a round trip of its own; a
    // replay of an order placed and any refused placement spend nothing.
    const limit = session ? undefined : { limit: limits.guestOrders, client };
    // A lost database connection is retried once on a fresh one, but only with an Idempotency-Key:
    // then running the placement again replays an order whose COMMIT landed before the loss, where
    // without a key it could place the order twice (src/server/orders/connection-lost.test.ts). Only
    // the statement that places the order spends the guest's point, so the replay spends none.
    const now = clock.now();
    const placement = await withConnectionRetry(() => placeOrder(db, { body, user: session?.user, idempotencyKey, now, limit }), {
      retry: idempotencyKey !== undefined,
      onRetry: (err) => logError(new Error('Database connection lost during a placement; running the request again on a fresh connection.', { cause: err })),
    });
    if (!placement.replayed) {
      // The database tells every process of the stock it took; this one needs no wait for it.
      catalogueCacheFor(db).stockMoved(placement.order.items.map((line) => line.productId));
      try {
        mailer.deliver(orderConfirmationMail(placement.order, trackingLink(placement.order._id)));
      } catch (err) {
        logError(err); // the order stands; the shopper still has the success page and the status page
      }
    }
    return placement;
  }

  /** The shopper's own orders, newest first. */
  async function listMine(session: ActiveSession, page: number, limit: number): Promise<Order[]> {
    return (await ordersOfUser(db, session.user.id, limit, (page - 1) * limit)).map(toOrder);
  }

  /**
   * By id: the whole order. By number: the summary, or the whole order when `session` is the
   * owner's. A temporary browser id (temp_…) or anything unknown is a 404.
   */
  async function track(idOrNumber: string, session: ActiveSession | undefined, client: string): Promise<Order | OrderSummary> {
    if (isTemporaryOrderId(idOrNumber)) throw new HttpError(404, M.temporary);
    // Every look-up is counted, and an unknown one counts ten times more: guessing numbers stops
    // long before it finds anything, while a shop's worth of shoppers tracking their orders pass.
    await limits.tracking.take(client);
    const number = normalizeOrderNumber(idOrNumber);
    if (number) {
      const record = await orderByNumber(db, number);
      if (record) return session && record.row.userId === session.user.id ? toOrder(record) : toSummary(record);
    }
    if (ORDER_ID.test(idOrNumber)) {
      const record = await orderById(db, idOrNumber);
      if (record) return toOrder(record);
    }
    await limits.tracking.charge(client, FAILURE_COST.tracking);
    throw new HttpError(404, M.notFound);
  }

  /** The order `idOrNumber` names (by id or by number), or undefined. */
  async function find(idOrNumber: string) {
    const number = normalizeOrderNumber(idOrNumber);
    if (number) return orderByNumber(db, number);
    return ORDER_ID.test(idOrNumber) ? orderById(db, idOrNumber) : undefined;
  }

  /**
   * The shopper cancels a Pending order: its owner by their session, anyone else with the phone it
   * was placed with. Counted per client like tracking (a wrong phone or an unknown order ten times
   * more), so phones cannot be guessed. The move is the lifecycle's (status, stock and timeline in
   * one transaction), refused once the order left Pending; the shopper is mailed after the commit.
   */
  async function cancel(idOrNumber: string, body: CancelOrderBody, session: ActiveSession | undefined, client: string): Promise<Order> {
    if (isTemporaryOrderId(idOrNumber)) throw new HttpError(404, M.temporary);
    await limits.tracking.take(client);
    const record = await find(idOrNumber);
    if (!record) {
      await limits.tracking.charge(client, FAILURE_COST.tracking);
      throw new HttpError(404, M.notFound);
    }
    let actor: OrderActor;
    if (session && record.row.userId === session.user.id) actor = { kind: 'shopper', id: session.user.id };
    else if (body.phone === undefined || body.phone.trim() === '') throw new HttpError(403, M.cancelNeedsPhone, { phone: M.cancelNeedsPhone });
    else if (isValidPhone(body.phone) && normalizePhone(body.phone) === record.row.contactNumber) actor = { kind: 'guest' };
    else {
      await limits.tracking.charge(client, FAILURE_COST.tracking);
      throw new HttpError(403, M.cancelWrongPhone, { phone: M.cancelWrongPhone });
    }
    const order = await moveOrder(db, { id: record.row.id }, 'Cancelled', clock.now(), {
      actor,
      onlyFrom: { statuses: ['Pending'], refused: M.cancelRefused },
    });
    catalogueCacheFor(db).stockMoved(order.items.map((line) => line.productId));
    try {
      mailer.deliver(orderCancelledMail(order, trackingLink(order._id)));
    } catch (err) {
      logError(err); // the order is cancelled all the same; the page says so
    }
    return order;
  }

  return {
    place,
    cancel,
    listMine,
    track,
    /** Resolves once the confirmation mails handed over so far were sent or given up. */
    settled: () => mailer.settled(),
  };
}

export type Orders = ReturnType<typeof createOrders>;
