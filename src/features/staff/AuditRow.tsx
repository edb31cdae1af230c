/** One row of the audit trail: when (Pakistan time), who, what, which record, what changed, from where. */
import type { AuditEntry } from './audit-api.ts';
import { actionLabel, changeLines } from './audit-view.ts';
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
        {lines.length > 0 && (
          <dl className="mt-1 grid gap-0.5 text-stone-700" data-testid="audit-changes">
            {lines.map((l) => (
              <div key={l.field} className="flex flex-wrap gap-x-1">
                <dt className="font-medium">{l.field}:</dt>
                <dd className="wrap-anywhere">
                  {l.before !== undefined && <s className="text-stone-600">{l.before}</s>}
                  {l.before !== undefined && l.after !== undefined && ' → '}
                  {l.after !== undefined && <span>{l.after}</span>}
                  {l.before !== undefined && l.after === undefined && <span className="sr-only"> (removed)</span>}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <p className="mt-1 text-xs text-stone-600">From {row.clientAddress}</p>
      </div>
    </li>
  );
}
