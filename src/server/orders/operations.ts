/**
 * What the store operator does with orders (`npm run orders`), as one interface with two ways in:
 * straight on the database (`databaseOperations`, also what the running store's operator routes
 * call), or through a running store's operator channel (scripts/lib/orders/remote.ts) when the
 * store holds the embedded database. Failures are HttpErrors: 400 a search too short, 404 unknown number, 409 refused move.
 * Moves and cancels are the order desk's (desk/service.ts): the same rules, audit rows and shopper
 * mails as the staff's, written as the operator's.
 */
import { normalizeOrderNumber, type Order, type OrderStatus } from '#lib/schemas/orders.ts';
import { isValidPhone, normalizePhone } from '#lib/schemas/orders-rules.ts';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { OPERATOR_WHO, type Desk } from '#server/desk/service.ts';
import { ORDER_MESSAGES as M } from './messages.ts';
import { findOrdersBy, listOrders, orderByNumber, toOrder } from './reads.ts';

export interface OrderOperations {
  /** Newest first. */
  list(options: { status?: OrderStatus; limit: number }): Promise<Order[]>;
  show(number: string): Promise<Order>;
  advance(number: string, status: OrderStatus): Promise<Order>;
  /** The shop's cancellation: Cancelled, the units back in stock; refused from a final status. */
  cancel(number: string): Promise<Order>;
  /** Orders by the customer's phone (any way it is written) or a part of their name, newest first. */
  find(text: string, limit: number): Promise<Order[]>;
}

/** The shortest part of a name `find` looks for: one letter would match most orders. */
export const FIND_MIN_LENGTH = 2;

/** What `find` looks for: a phone when the text is written as one, else a part of a name; a 400 when too short. */
export function findTarget(typed: string): { phone: string } | { name: string } {
  const text = typed.trim().replace(/\s+/g, ' ');
  if (/^[+0-9][0-9\s-]*$/.test(text) && isValidPhone(text)) return { phone: normalizePhone(text) };
  if (text.length < FIND_MIN_LENGTH) throw new HttpError(400, M.findTooShort);
  return { name: text };
}

/** The order number as typed (any case, dashes or spaces optional), or a 404 naming it. */
export function operatorNumber(typed: string): string {
  const number = normalizeOrderNumber(typed);
  if (!number) throw new HttpError(404, M.unknownNumber(typed));
  return number;
}

/** `desk` moves the orders (its mailer tells the shoppers); the operator's moves are written as the operator's. */
export function databaseOperations(db: Database, desk: Pick<Desk, 'move'>): OrderOperations {
  return {
    list: async (options) => (await listOrders(db, options)).map(toOrder),
    async show(typed) {
      const number = operatorNumber(typed);
      const record = await orderByNumber(db, number);
      if (!record) throw new HttpError(404, M.unknownNumber(number));
      return toOrder(record);
    },
    advance: (typed, status) => desk.move(operatorNumber(typed), status, OPERATOR_WHO),
    cancel: (typed) => desk.move(operatorNumber(typed), 'Cancelled', OPERATOR_WHO),
    find: async (typed, limit) => (await findOrdersBy(db, findTarget(typed), limit)).map(toOrder),
  };
}
