/**
 * The audit trail: one row a staff action, appended in the transaction of the change it records
 * (so a change and its row stand or fall together). Rows are never changed or removed: the database
 * refuses UPDATE, DELETE and TRUNCATE on audit_log (a trigger), whatever the caller.
 */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { auditLog, type AuditRow } from '#server/db/schema.ts';

export interface AuditEntry {
  at: Date;
  /** Null for a failed sign-in and for the command line. */
  staffId: string | null;
  action: string;
  recordKind: string;
  recordId: string;
  before?: unknown;
  after?: unknown;
  clientAddress: string;
}

export async function appendAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

export interface AuditFilter {
  staffId?: string;
  action?: string;
  recordKind?: string;
  recordId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Rows older than this id (the previous page's last), newest first. */
  before?: number;
  limit: number;
}

/** A page of the trail, newest first; `next` is the cursor of the page after, if any. */
export async function readAudit(db: Database, f: AuditFilter): Promise<{ rows: AuditRow[]; next: number | null }> {
  const where: SQL[] = [];
  if (f.staffId) where.push(eq(auditLog.staffId, f.staffId));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.recordKind) where.push(eq(auditLog.recordKind, f.recordKind));
  if (f.recordId) where.push(eq(auditLog.recordId, f.recordId));
  if (f.from) where.push(gte(auditLog.at, f.from));
  if (f.to) where.push(lt(auditLog.at, f.to));
  if (f.before !== undefined) where.push(lt(auditLog.id, f.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(f.limit + 1);
  const more = rows.length > f.limit;
  const page = more ? rows.slice(0, f.limit) : rows;
  return { rows: page, next: more ? page[page.length - 1].id : null };
}

/** Many rows at once (a catalogue import's), in batches, in the caller's transaction. */
export async function appendAuditRows(db: Database, entries: readonly AuditEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    await db.insert(auditLog).values(entries.slice(i, i + AUDIT_BATCH).map((entry) => ({ ...entry, before: entry.before ?? null, after: entry.after ?? null })));
  }
}

/** Rows an INSERT: 9 columns × 1000 stays far below PostgreSQL's 65,535 parameters. */
const AUDIT_BATCH = 1000;
