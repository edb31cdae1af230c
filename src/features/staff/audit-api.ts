/** The audit trail's one call: `GET /api/staff/audit` with its filters, a page at a time (newest first). */
import type { AuditEntry } from '#lib/schemas/staff.ts';
import { staffFetch } from './api.ts';

export type { AuditEntry };

export interface AuditQuery {
  staff?: string;
  action?: string;
  recordKind?: string;
  recordId?: string;
  /** UTC ISO times; `to` exclusive. */
  from?: string;
  to?: string;
  before?: number;
}

export async function readAuditPage(query: AuditQuery): Promise<{ rows: AuditEntry[]; next: number | null }> {
  const reply = await staffFetch<{ data: AuditEntry[]; next: number | null }>('/audit', { query: { ...query } });
  return { rows: reply.data, next: reply.next };
}
