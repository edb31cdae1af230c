/**
 * "Searches that found nothing": the searched words (never who searched), newest first or most
 * searched first, each with how many times and when last, and "Add a synonym" that opens the add
 * form with the term in "What shoppers type".
 */
import { useEffect, useState } from 'react';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import type { MissOrder, SearchMiss } from '#lib/schemas/search-words-rules.ts';
import { listMisses } from './api.ts';
import { missText } from './search-words.ts';

const ORDERS: { order: MissOrder; label: string }[] = [
  { order: 'recent', label: 'Newest first' },
  { order: 'frequent', label: 'Most searched first' },
];

export function MissesList({ onAdd }: { onAdd: (term: string) => void }) {
  const [order, setOrder] = useState<MissOrder>('recent');
  const [misses, setMisses] = useState<SearchMiss[]>();
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    void listMisses(order).then((r) => {
      if (!live) return;
      if (r.ok) setMisses(r.data.misses);
      else setError(r.message);
    });
    return () => void (live = false);
  }, [order]);

  return (
    <section className="search-words-panel" aria-labelledby="misses-title" data-testid="misses">
      <h2 id="misses-title" className="search-words-title">
        Searches that found nothing
      </h2>
      <p className="text-sm text-stone-700">What shoppers searched for and did not find: add a synonym so the next search finds the product.</p>
      <div className="search-words-orders" role="group" aria-label="Order">
        {ORDERS.map((o) => (
          <button key={o.order} type="button" className="staff-button-small" aria-pressed={order === o.order} onClick={() => setOrder(o.order)}>
            {o.label}
          </button>
        ))}
      </div>
      <ErrorMessage message={error} />
      {!misses && !error && <p role="status">Loading…</p>}
      {misses && misses.length === 0 && <p className="text-sm text-stone-700">No search has come up empty yet.</p>}
      {misses && misses.length > 0 && (
        <ol className="search-words-misses">
          {misses.map((m) => (
            <li key={m.term} className="search-words-miss" data-testid="miss-row" data-term={m.term}>
              <p className="search-words-term">
                {m.term}
              </p>
              <p className="search-words-by">{missText(m)}</p>
              <button type="button" className={ui.secondary} aria-label={`Add a synonym for ${m.term}`} onClick={() => onAdd(m.term)}>
                Add a synonym
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
