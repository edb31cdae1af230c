/**
 * The order desk's calls to the staff API (orders and reports), over the staff pages' one way to
 * it (staffFetch: a 401 goes to the sign-in). Each returns the reply's data as the API's own
 * types say it (not parsed again: staffFetch says why), or a refusal with the API's message and
 * field errors; it never throws.
 */
import { staffCall as call, type StaffResult } from '#features/staff/api.ts';
import type { BulkStatus } from './view.ts';
import type { DeskAdvanceResult, DeskCounts, DeskList, DeskOrderDetail, Pulse, SalesReport } from './schemas.ts';

export type DeskResult<T> = StaffResult<T>;

const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}`;

export const listOrders = (query: Record<string, string>): Promise<DeskResult<DeskList>> => call<DeskList>('/orders', { query });
export const orderCounts = (query: { from?: string; to?: string }): Promise<DeskResult<DeskCounts>> =>
  call<DeskCounts>('/orders/counts', { query: Object.fromEntries(Object.entries(query).filter(([, v]) => v)) as Record<string, string> });
export const pulse = () => call<Pulse>('/orders/pulse');
export const getOrder = (number: string): Promise<DeskResult<DeskOrderDetail>> => call<DeskOrderDetail>(orderPath(number));
export const advanceOrders = (numbers: string[], to: BulkStatus) => call<DeskAdvanceResult>('/orders/advance', { method: 'POST', body: { numbers, to } });
export const cancelOrder = (number: string, reason: string) => call<DeskOrderDetail>(`${orderPath(number)}/cancel`, { method: 'POST', body: { reason } });
export const collectCash = (number: string) => call<DeskOrderDetail>(`${orderPath(number)}/cash`, { method: 'POST' });
export const addNote = (number: string, text: string) => call<DeskOrderDetail>(`${orderPath(number)}/notes`, { method: 'POST', body: { text } });
export const salesReport = (range: { from: string; to: string }): Promise<DeskResult<SalesReport>> => call<SalesReport>('/reports/sales', { query: range });

/** The CSV downloads of a report's range (the session cookie goes with a same-origin link). */
export const reportCsv = (kind: 'sales' | 'best-sellers', { from, to }: { from: string; to: string }) =>
  `/api/staff/reports/${kind}.csv?${new URLSearchParams({ from, to })}`;
