/**
 * What a check of a catalogue file found: its problems grouped by row (each field in the
 * importer's words) with their counts, or, for a clean file, what applying it would change.
 */
import type { FileReport } from './bulk-api.ts';
import { changesText, groupProblems, problemsText } from './catalog-files.ts';

/** How many changed products are listed by name before "and N more". */
const LISTED = 50;

export function FileReportView({ report }: { report: FileReport }) {
  const note = report.note && <p className="text-sm font-medium text-amber-900" data-testid="files-note">{report.note}</p>;
  if (!report.ok) {
    return (
      <div className="files-report" data-testid="files-problems">
        {note}
        <p role="alert" className="font-semibold text-red-800" data-testid="files-problem-count">
          {problemsText(report.errors)}
        </p>
        <div className="files-problems">
          {groupProblems(report.errors).map((g) => (
            <section key={`${g.row}:${g.title}`} className="files-problem-row" data-testid="files-problem-row" data-row={g.row}>
              <h3>{g.title}</h3>
              {g.problems.length > 0 && (
                <ul>
                  {g.problems.map((p) => (
                    <li key={p.field}>
                      <span className="font-semibold">{p.field}</span> {p.message}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </div>
    );
  }
  const { created, changed } = report.changes;
  return (
    <div className="files-report" data-testid="files-clean">
      {note}
      <p role="status" className="font-semibold text-brand-900" data-testid="files-summary">
        {changesText(report, false)}
      </p>
      {created.length + changed.length > 0 && (
        <ul className="files-changes list-disc pl-5 text-sm" data-testid="files-changes">
          {created.slice(0, LISTED).map((id) => (
            <li key={`new:${id}`}>New: {id}</li>
          ))}
          {changed.slice(0, Math.max(LISTED - created.length, 0)).map((c) => (
            <li key={`changed:${c.id}`}>
              Changed: {c.id} ({c.fields.join(', ')})
            </li>
          ))}
          {created.length + changed.length > LISTED && <li>… and {created.length + changed.length - LISTED} more</li>}
        </ul>
      )}
    </div>
  );
}
