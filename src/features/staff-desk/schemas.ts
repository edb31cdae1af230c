/**
 * The order desk's replies as the pages read them: the types of the API's own shapes
 * (lib/schemas/desk.ts, lib/schemas/reports.ts), imported as types only, so no schema code
 * reaches the browser (features/staff/api.ts says why replies are not parsed again here).
 */
import type * as z from 'zod/mini';
import type { DeskCountsSchema, DeskOrdersPageSchema } from '#lib/schemas/desk.ts';

export type { DeskAdvanceResult, DeskOrder, DeskOrderDetail } from '#lib/schemas/desk.ts';
export type { SalesReportReply as SalesReport } from '#lib/schemas/reports.ts';

export type DeskList = z.infer<typeof DeskOrdersPageSchema>;
export type DeskCounts = z.infer<typeof DeskCountsSchema>;

/** What the orders' pulse answers: a mark that changes when any order does. */
export interface Pulse {
  mark: string;
}
