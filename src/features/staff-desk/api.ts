/**
 * The order desk's calls to the staff API (orders and reports), over the staff pages' one way to
 * it (staffFetch: a 401 goes to the sign-in). Each returns the reply's data parsed into the
 * desk's own types, or a refusal with the API's message and field errors; it never throws.
 */
import * as z from 'zod/mini';
import { staffFetch, failureMessage, StaffApiError } from '#features/staff/api.ts';
import type { BulkStatus } from './view.ts';
import {
  DeskAdvanceResultSchema,
  DeskCountsSchema,
  DeskOrdersPageSchema,
  DeskOrderDetailSchema,
  PulseSchema,
  SalesReportSchema,
  type DeskCounts,
  type DeskList,
  type DeskOrderDetail,
  type SalesReport,
} from './schemas.ts';

export type DeskResult<T> = { ok: true; data: T; message: string } | { ok: false; status: number; message: string; errors: Record<string, string> };

const UNEXPECTED = 'The store sent an answer this page does not understand. Please reload the page.';

async function call<T>(schema: z.ZodMiniType<T>, path: string, req: { method?: 'GET' | 'POST'; body?: unknown; query?: Record<string, string> } = {}): Promise<DeskResult<T>> {
  try {
    const reply = (await staffFetch(path, req)) as { data?: unknown; message?: unknown };
    const parsed = schema.safeParse(reply.data);
    if (!parsed.success) return { ok: false, status: 0, message: UNEXPECTED, errors: {} };
    return { ok: true, data: parsed.data, message: typeof reply.message === 'string' ? reply.message : '' };
  } catch (error) {
    if (error instanceof StaffApiError) return { ok: false, status: error.status, message: error.message, errors: error.errors };
    return { ok: false, status: 0, message: failureMessage(error), errors: {} };
  }
}

const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

export const listOrders = (query: Record<string, string>): Promise<DeskResult<DeskList>> => call(DeskOrdersPageSchema, '/orders', { query });
export const orderCounts = (query: { from?: string; to?: string }): Promise<DeskResult<DeskCounts>> =>
  call(DeskCountsSchema, '/orders/counts', { query: Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as Record<string, string> });
export const pulse = () => call(PulseSchema, '/orders/pulse');
export const getOrder = (number: string): Promise<DeskResult<DeskOrderDetail>> => call(DeskOrderDetailSchema, orderPath(number));
export const advanceOrders = (numbers: string[], to: BulkStatus) => call(DeskAdvanceResultSchema, '/orders/advance', { method: 'POST', body: { numbers, to } });
export const cancelOrder = (number: string, reason: string) => call(DeskOrderDetailSchema, `${orderPath(number)}/cancel`, { method: 'POST', body: { reason } });
export const collectCash = (number: string) => call(DeskOrderDetailSchema, `${orderPath(number)}/cash`, { method: 'POST' });
export const addNote = (number: string, text: string) => call(DeskOrderDetailSchema, `${orderPath(number)}/notes`, { method: 'POST', body: { text } });
export const salesReport = (range: { from: string; to: string }): Promise<DeskResult<SalesReport>> => call(SalesReportSchema, '/reports/sales', { query: range });

/** The CSV downloads of a report's range (the session cookie goes with a same-origin link). */
export const reportCsv = (kind: 'sales' | 'best-sellers', { from, to }: { from: string; to: string }) =>
  `/api/staff/reports/${kind}.csv?${new URLSearchParams({ from, to })}`;
