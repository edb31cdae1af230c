/** A change's fields as lines, "field: before → after" (the audit trail's and a product's history). */
import type { ChangeLine } from './audit-view.ts';

export function ChangeLines({ lines, className = '' }: { lines: ChangeLine[]; className?: string }) {
  if (lines.length === 0) return null;
  return (
    <dl className={`mt-1 grid gap-0.5 text-stone-700 ${className}`} data-testid="audit-changes">
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
  );
}
