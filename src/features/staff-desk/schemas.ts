/**
 * The order desk's replies as the pages read them: the orders' and the report's shapes are the
 * API's own (lib/schemas/desk.ts, lib/schemas/reports.ts); only the pulse is parsed here. A reply of another shape
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

export { SalesReportSchema, type SalesReportReply as SalesReport } from '#lib/schemas/reports.ts';
