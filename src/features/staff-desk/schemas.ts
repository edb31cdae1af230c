/**
 * The order desk's replies as the pages read them: the orders' shapes are the API's own
 * (lib/schemas/desk.ts); the pulse and the sales report are parsed here. A reply of another shape
 * is a failed request, never a half-drawn page.
 */
import * as z from 'zod/mini';

export {
  DeskAdvanceResultSchema,
  DeskCountsSchema,
  DeskOrderDetailSchema,
  DeskOrdersPageSchema,
  type DeskOrder,
  type DeskOrderDetail,
} from '#lib/schemas/desk.ts';
import type { DeskCountsSchema, DeskOrdersPageSchema } from '#lib/schemas/desk.ts';

export type DeskList = z.infer<typeof DeskOrdersPageSchema>;
export type DeskCounts = z.infer<typeof DeskCountsSchema>;

export const PulseSchema = z.object({ mark: z.string() });

const figures = { orders: z.number(), cancelled: z.number(), units: z.number(), revenue: z.number(), cashCollected: z.number(), cashOutstanding: z.number() };
export const SalesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ day: z.string(), ...figures })),
  totals: z.object(figures),
  bestSellers: z.array(z.object({ productId: z.string(), name: z.string(), units: z.number(), revenue: z.number(), orders: z.number() })),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;
