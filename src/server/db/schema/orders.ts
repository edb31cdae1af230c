/** Orders, their lines, their status timeline and the placements' Idempotency-Keys. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';
import { users } from './accounts.ts';

/**
 * Orders. `id` is 144 random bits (base64url, 24 characters): knowing it is enough to see
 * the whole order. `order_number` is `KR-XXXX-XXXX` (40 random bits), unique, safe to read aloud;
 * by number alone only a summary is shown. Money is whole rupees, priced by the server with
 * src/lib/money.ts at placement (the client's prices are never charged). Times come from the app's
 * clock. A guest order has no `user_id`; deleting an account keeps its orders (set null).
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who receives the order: the guest's details, or the account's. E-mail lowercased. */
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    contactNumber: text('contact_number').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    subtotal: integer('subtotal').notNull(),
    youSave: integer('you_save').notNull(),
    shipping: integer('shipping').notNull(),
    totalAmount: integer('total_amount').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: at('paid_at'),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: at('delivered_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The order desk: newest first with a cursor on (created_at, id), by status, by phone, and by
    // part of a name or e-mail (trigram indexes: pg_trgm).
    index('orders_created_id_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_contact_created_idx').on(t.contactNumber, t.createdAt),
    index('orders_name_trgm_idx').using('gin', t.guestName.op('gin_trgm_ops')),
    index('orders_email_trgm_idx').using('gin', t.guestEmail.op('gin_trgm_ops')),
    check('orders_total_positive', sql`${t.totalAmount} > 0`),
  ],
);

/** The lines of an order as priced at placement (name and image kept: the product may change or go). */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Its place in the order (0, 1, …): lines read back in the order they were placed. */
    position: integer('position').notNull(),
    /** No foreign key: an order outlives the product it sold. */
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    price: integer('price').notNull(),
    /** The struck price, when the product was discounted. */
    originalPrice: integer('original_price'),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] }), check('order_items_quantity_positive', sql`${t.quantity} > 0`)],
);

/** The status timeline: Pending at placement, then one row a move. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('order_status_events_order_idx').on(t.orderId, t.at)],
);

/**
 * The order's timeline as the staff desk reads it: who did what, when. One row at placement
 * (`placed`), one for every status move, written in the transaction that made the move, so a move
 * never stands without its row. `actor_kind` says who acted: the signed-in `shopper` (actor_id their
 * account), a `guest` (with the order's phone), `staff`, the `operator` (the command line) or the
 * `system`; `actor_label` a name to show, when there is one. `note` is bounded text (a reason given).
 * `seq` counts rows in the order they were written, store-wide: its largest value is the desk's
 * pulse (any placement or change of any order writes a row, so the pulse moves), read off its index.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.at),
    uniqueIndex('order_events_seq_idx').on(t.seq),
    check('order_events_actor_kind', sql`${t.actorKind} in ('shopper', 'guest', 'staff', 'operator', 'system')`),
    check('order_events_action', sql`${t.action} in ('placed', 'status_changed', 'cancelled', 'cash_collected', 'note')`),
    check('order_events_note_length', sql`char_length(${t.note}) <= 500`),
    check('order_events_label_length', sql`char_length(${t.actorLabel}) <= 200`),
  ],
);

/**
 * Idempotency-Key of a placement, written by the placement's one statement together with its order
 * (`order_id` set at once): a placement that fails binds nothing, and a committed row always has an
 * order. The key is unique store-wide, so the same key from another owner is refused (422) rather
 * than placing a second order; a concurrent placement with the key waits on its row. `scope` is the
 * owner ('user:{id}' or 'guest'); `request_hash` is sha256 of the canonical parsed body and the owner.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  scope: text('scope').notNull(),
  requestHash: text('request_hash').notNull(),
  orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  createdAt: at('created_at').notNull(),
});

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderStatusEventRow = typeof orderStatusEvents.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
