/** One row of the audit trail: when (Pakistan time), who, what, which record, what changed, from where. */
import type { AuditEntry } from './audit-api.ts';
import { actionLabel, changeLines } from './audit-view.ts';
import { ChangeLines } from './ChangeLines.tsx';
import { formatStaffTime } from './time.ts';

export function AuditRow({ row, nameOf }: { row: AuditEntry; nameOf: (id: string | null) => string }) {
  const lines = changeLines(row.before, row.after);
  const record = row.recordKind === 'staff' && /^[0-9a-f-]{36}$/i.test(row.recordId) ? nameOf(row.recordId) : row.recordId;
  return (
    <li className="staff-card grid gap-1 p-3 text-sm sm:p-4 lg:grid-cols-[11rem_12rem_1fr] lg:gap-4" data-testid="audit-row" data-action={row.action}>
      <p className="text-stone-600">
        <time dateTime={row.at}>{formatStaffTime(row.at)}</time>
      </p>
      <p className="font-semibold break-words text-stone-900">{nameOf(row.staffId)}</p>
      <div className="min-w-0">
        <p className="text-stone-900">
          <span className="font-semibold">{actionLabel(row.action)}</span>
          <span className="text-stone-600">
            {' · '}
            {row.recordKind} <span className="wrap-anywhere">{record}</span>
          </span>
        </p>
        <ChangeLines lines={lines} />
        <p className="mt-1 text-xs text-stone-600">From {row.clientAddress}</p>
      </div>
    </li>
  );
}
