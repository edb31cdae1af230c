/**
 * What the store operator does with orders (`npm run orders`), as one interface with two ways in:
 * straight on the database (`databaseOperations`, also what the running store's operator routes
 * call), or through a running store's operator channel (scripts/lib/orders/remote.ts) when the
 * store holds the embedded database. Failures are HttpErrors: 404 unknown number, 409 refused move.
 */
import { normalizeOrderNumber, type Order, type OrderStatus } from '#lib/schemas/orders.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { advanceOrder } from './lifecycle.ts';
import { ORDER_MESSAGES as M } from './messages.ts';
import { listOrders, orderByNumber, toOrder } from './reads.ts';

export interface OrderOperations {
  /** Newest first. */
  list(options: { status?: OrderStatus; limit: number }): Promise<Order[]>;
  show(number: string): Promise<Order>;
  advance(number: string, status: OrderStatus): Promise<Order>;
}

/** The order number as typed (any case, dashes or spaces optional), or a 404 naming it. */
export function operatorNumber(typed: string): string {
  const number = normalizeOrderNumber(typed);
  if (!number) throw new HttpError(404, M.unknownNumber(typed));
  return number;
}

export function databaseOperations(db: Database, clock: Clock): OrderOperations {
  return {
    list: async (options) => (await listOrders(db, options)).map(toOrder),
    async show(typed) {
      const number = operatorNumber(typed);
      const record = await orderByNumber(db, number);
      if (!record) throw new HttpError(404, M.unknownNumber(number));
      return toOrder(record);
    },
    advance: (typed, status) => advanceOrder(db, operatorNumber(typed), status, clock.now()),
  };
}
