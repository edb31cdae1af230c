/**
 * /staff/search-words/: the shop's search dictionary (what shoppers type → what it finds), with a
 * filter, Add, and Change and Remove on each entry; beside it, the searches that found nothing,
 * each with "Add a synonym" that opens the add form with the term filled in. One column on a
 * phone, two at a desk (search-words.css).
 */
import { useEffect, useRef, useState } from 'react';
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import { StaffGate } from '#features/staff/StaffGate.tsx';
import type { StaffSynonym } from '#lib/schemas/search-words-rules.ts';
import { listSynonyms } from './api.ts';
import { MissesList } from './MissesList.tsx';
import { filterEntries } from './search-words.ts';
import { SynonymForm } from './SynonymForm.tsx';
import { SynonymRow } from './SynonymRow.tsx';

export default function SearchWords() {
  return <StaffGate permission="catalog.edit">{() => <Desk />}</StaffGate>;
}

function Desk() {
  const [list, setList] = useState<StaffSynonym[]>();
  const [filter, setFilter] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; message: string }>();
  // The add form's key and prefill: a new key opens a fresh form (after a save, or "Add a synonym").
  const [adding, setAdding] = useState({ key: 0, prefill: '' });
  const addPanel = useRef<HTMLElement>(null);

  const load = async () => {
    const r = await listSynonyms();
    if (r.ok) setList(r.data.synonyms);
    else setSaid({ ok: false, message: r.message });
  };
  useEffect(() => void load(), []);

  const done = (message: string) => {
    setSaid({ ok: true, message });
    void load();
  };

  function addFor(term: string) {
    setAdding((a) => ({ key: a.key + 1, prefill: term }));
    requestAnimationFrame(() => {
      addPanel.current?.scrollIntoView({ block: 'start' });
      addPanel.current?.querySelector<HTMLInputElement>('input')?.focus();
    });
  }

  const shown = list ? filterEntries(list, filter) : [];
  return (
    <div className="search-words">
      <div className="search-words-main">
        <div aria-live="polite">{said && (said.ok ? <SuccessMessage message={said.message} testId="search-words-said" /> : <ErrorMessage message={said.message} />)}</div>
        <section ref={addPanel} className="search-words-panel" aria-labelledby="add-title">
          <h2 id="add-title" className="search-words-title">
            Add search words
          </h2>
          <SynonymForm
            key={adding.key}
            prefill={adding.prefill}
            onSaved={(_, message) => {
              setAdding((a) => ({ key: a.key + 1, prefill: '' }));
              done(message);
            }}
          />
        </section>
        <section className="search-words-panel" aria-labelledby="dictionary-title">
          <h2 id="dictionary-title" className="search-words-title">
            The dictionary{list ? ` (${list.length} ${list.length === 1 ? 'entry' : 'entries'})` : ''}
          </h2>
          <div className="search-words-filter">
            <label htmlFor="synonym-filter" className="form-label">
              Filter
            </label>
            <input id="synonym-filter" type="search" className="form-input" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} placeholder="chawal, rice, چاول…" />
          </div>
          {!list && !said && <p role="status">Loading…</p>}
          {list && (
            <p className="search-words-by" role="status" data-testid="synonym-count">
              {filter.trim() ? `${shown.length} of ${list.length} entries` : ''}
            </p>
          )}
          {list && list.length === 0 && <p className="text-sm text-stone-700">The dictionary is empty: add the words shoppers type.</p>}
          <ul className="search-words-list" data-testid="synonym-list">
            {shown.map((e) => (
              <SynonymRow key={`${e.id}:${e.version}`} entry={e} onSaved={(_, m) => done(m)} onRemoved={(_, m) => done(m)} reload={() => void load()} />
            ))}
          </ul>
        </section>
      </div>
      <MissesList onAdd={addFor} />
    </div>
  );
}
