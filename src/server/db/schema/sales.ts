/**
 * The sales reports' running sums, kept by the database itself: triggers on `orders` and
 * `order_items` (migration 0015_sales_sums) change them in the same statement as the rows they sum,
 * whoever writes (a placement, a move, cash collected, the seed, a bulk load), so a report reads a
 * few rows a day instead of every order of its range. Days are Pakistan days (Asia/Karachi).
 *
 * The sums are exactly what src/server/desk/reports.ts computes from the raw rows: a cancelled order
 * counts in `cancelled` only; revenue is what live orders total (shipping included), split into
 * cash collected (`is_paid`) and outstanding.
 *
 * `sales_days` splits each day into SALES_SLOTS rows (an order's slot is a hash of its id): every
 * placement of a day adds to its day's sums, and with one row a day they would all queue on it
 * from their write to their commit. A report adds the slots up (so the sums are right whichever slot
 * a change lands in; the hash only spreads them).
 *
 * `sales_product_days` keeps a product's lines of a day under the name they were sold with (a
 * product renamed during a range is listed under the last name in alphabetical order, as the raw
 * report does); a row whose lines were all cancelled stays with zeros.
 *
 * Lock order, so no two writers wait on each other in a cycle: the products' rows first (placement
 * and restock lock them), then these sums.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/** Rows a day in sales_days (the trigger's `hashtext(id) & 7`). */
export const SALES_SLOTS = 8;

export const salesDays = pgTable(
  'sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    /** Orders placed that day and not cancelled. */
    orders: integer('orders').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    /** Units on the lines of those orders. */
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    /** Rupees: what those orders total; of it collected (paid) and outstanding (not yet). */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    cashCollected: bigint('cash_collected', { mode: 'number' }).notNull().default(0),
    cashOutstanding: bigint('cash_outstanding', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] }), check('sales_days_slot', sql`${t.slot} between 0 and ${sql.raw(String(SALES_SLOTS - 1))}`)],
);

export const salesProductDays = pgTable(
  'sales_product_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    /** The line's name as sold. */
    name: text('name').notNull(),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    /** Lines, that is orders: an order holds a product on one line. */
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId, t.name] })],
);
