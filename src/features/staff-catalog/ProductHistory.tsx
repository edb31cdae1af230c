/** A product's history: who changed it, when (Pakistan time), and each field from → to; older pages on demand. */
import { useEffect, useState } from 'react';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { actionLabel, changeLines } from '#features/staff/audit-view.ts';
import { ChangeLines } from '#features/staff/ChangeLines.tsx';
import { formatStaffTime } from '#features/staff/time.ts';
import { productHistory } from './products-api.ts';
import type { HistoryEntry } from './product-types.ts';

/** Who made a change: the member's name, or the command line's import. */
export const whoText = (name: string | null) => name ?? 'The catalogue file import';

/** `version` changes after every save: the history is asked again. */
export function ProductHistory({ id, version }: { id: string; version: number }) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState('');

  async function load(before?: number) {
    const r = await productHistory(id, before);
    if (!r.ok) return setError(r.message);
    setError('');
    setEntries((old) => (before ? [...old, ...r.data.entries] : r.data.entries));
    setNext(r.data.next);
  }
  useEffect(() => {
    void load();
    // Again after each save (a new version).
  }, [id, version]);

  return (
    <section className="staff-card" aria-labelledby="history-heading" data-testid="product-history">
      <h2 id="history-heading" className="text-lg font-bold text-stone-900">
        History
      </h2>
      <ErrorMessage message={error} testId="history-error" />
      {entries.length === 0 && !error && <p className="mt-2 text-sm text-stone-600">No changes recorded yet.</p>}
      <ol className="mt-3 grid gap-3">
        {entries.map((e) => {
          return (
            <li key={e.id} className="border-t border-stone-200 pt-3 text-sm" data-testid="history-entry" data-action={e.action}>
              <p>
                <span className="font-semibold">{actionLabel(e.action)}</span>
                {' · '}
                {whoText(e.staffName)}
                {' · '}
                <time dateTime={e.at} className="text-stone-600">
                  {formatStaffTime(e.at)}
                </time>
              </p>
              <ChangeLines lines={changeLines(e.before, e.after)} />
            </li>
          );
        })}
      </ol>
      {next !== null && (
        <button type="button" className="staff-button-small mt-3" onClick={() => void load(next)}>
          Older changes
        </button>
      )}
    </section>
  );
}
