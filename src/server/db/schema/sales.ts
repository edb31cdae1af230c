/**
 * The sales reports' cache of closed days. A Pakistan day (Asia/Karachi) that has ended is summed
 * once from the raw rows by the report that first needs it (src/server/desk/reports.ts) and kept
 * here; today, and any day not (or no longer) kept, is summed from the raw rows through the orders'
 * `created_at` index. A placement writes an order of today, which nothing here holds, so it costs
 * nothing: the row triggers of migration 0017 fire only for a change to an order of a closed day
 * (its status in or out of Cancelled, its payment, its total, its time, its removal, its lines), and
 * then only mark the day stale.
 *
 * A day's `gen` counts the changes made to it since it was first summed. Marking a day stale adds
 * one and clears `filled`; a report stores a day's sums only if `gen` is still the one it read
 * before summing the rows (one conditional upsert, which waits for a change in flight to commit and
 * then sees its `gen`). So a sum computed from rows that a change has since altered is never kept.
 * Rows are never deleted (a TRUNCATE of the orders marks every day stale): a deleted row would lose
 * its `gen`.
 *
 * The sums are exactly what the raw report computes: a cancelled order counts in `cancelled` only;
 * revenue is what live orders total (shipping included), split into cash collected (`is_paid`) and
 * outstanding.
 */
import { bigint, boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const salesDays = pgTable('sales_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Changes to the day's orders since it was first summed. */
  gen: bigint('gen', { mode: 'number' }).notNull().default(0),
  /** The sums below (and the day's rows in sales_product_days) hold for `gen`. */
  filled: boolean('filled').notNull().default(false),
  /** Orders placed that day and not cancelled. */
  orders: integer('orders').notNull().default(0),
  cancelled: integer('cancelled').notNull().default(0),
  /** Units on the lines of those orders. */
  units: bigint('units', { mode: 'number' }).notNull().default(0),
  /** Rupees: what those orders total; of it collected (paid) and outstanding (not yet). */
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  cashCollected: bigint('cash_collected', { mode: 'number' }).notNull().default(0),
  cashOutstanding: bigint('cash_outstanding', { mode: 'number' }).notNull().default(0),
});

/**
 * A filled day's lines by product, under the name they were sold with (a product renamed during a
 * range is listed under the last name in alphabetical order, as the raw report does). Read only for
 * days whose sales_days row is filled; replaced whole when the day is filled again.
 */
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
