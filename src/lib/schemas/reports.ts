/**
 * The sales report as the staff API sends it (GET /api/staff/reports/sales): the server declares
 * its reply with this schema, and the staff pages may parse the reply with it.
 */
import * as z from 'zod/mini';

const count = z.int().check(z.minimum(0));
/** Whole rupees. */
const rupees = z.int().check(z.minimum(0));
/** YYYY-MM-DD, a Pakistan day. */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

const sums = {
  orders: count,
  cancelled: count,
  units: count,
  revenue: rupees,
  cashCollected: rupees,
  cashOutstanding: rupees,
};

export const SalesReportSchema = z.strictObject({
  from: day,
  to: day,
  days: z.array(z.strictObject({ day, ...sums })),
  totals: z.strictObject(sums),
  bestSellers: z.array(z.strictObject({ productId: z.string(), name: z.string(), units: count, revenue: rupees, orders: count })),
});
export type SalesReportReply = z.infer<typeof SalesReportSchema>;
