/** The audit trail's one call: `GET /api/staff/audit` with its filters, a page at a time (newest first). */
import * as z from 'zod/mini';
import { staffFetch } from './api.ts';

const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  staffId: z.nullable(z.string()),
  action: z.string(),
  recordKind: z.string(),
  recordId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  clientAddress: z.string(),
});
const AuditPageSchema = z.object({ data: z.array(AuditEntrySchema), next: z.nullable(z.number()) });

export type AuditEntry = z.infer<typeof AuditEntrySchema>;

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
  const reply = await staffFetch('/audit', { query: { ...query }, schema: AuditPageSchema });
  return { rows: reply.data, next: reply.next };
}
