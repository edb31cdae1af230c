/**
 * One entry of the dictionary in the list: what shoppers type → what it finds, who saved it last;
 * Change opens its form in place; Remove asks first (and says so when someone changed it meanwhile).
 */
import { useState } from 'react';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { entryText, type StaffSynonym } from '#lib/schemas/search-words-rules.ts';
import { formatStaffTime } from '#lib/staff-time.ts';
import { removeSynonym } from './api.ts';
import { SynonymForm } from './SynonymForm.tsx';

interface Props {
  entry: StaffSynonym;
  onSaved: (entry: StaffSynonym, message: string) => void;
  onRemoved: (entry: StaffSynonym, message: string) => void;
  /** The list as stored now (after a refused removal). */
  reload: () => void;
}

export function SynonymRow({ entry, onSaved, onRemoved, reload }: Props) {
  const [mode, setMode] = useState<'show' | 'change' | 'remove'>('show');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const text = entryText(entry);

  async function remove() {
    setBusy(true);
    const r = await removeSynonym(entry.id, entry.version);
    setBusy(false);
    if (r.ok) return onRemoved(entry, `Removed: ${text}.`);
    setMessage(r.message);
    setMode('show');
    reload();
  }

  return (
    <li className="search-words-entry" data-testid="synonym-row" data-id={entry.id}>
      <p className="search-words-text">
        <span className="search-words-typed" data-testid="synonym-words">{entry.words.join(', ')}</span>
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> finds </span>
        <span className="search-words-means" data-testid="synonym-means">{entry.means.join(', ')}</span>
      </p>
      <p className="search-words-by">
        {entry.updatedBy ? `Saved by ${entry.updatedBy}` : 'From a catalogue file'}, {formatStaffTime(entry.updatedAt)}
      </p>
      <ErrorMessage message={message} />
      {mode === 'change' && (
        <SynonymForm
          entry={entry}
          onSaved={(saved, said) => {
            setMode('show');
            onSaved(saved, said);
          }}
          onCancel={() => setMode('show')}
        />
      )}
      {mode === 'remove' && (
        <div className="search-words-confirm" role="group" aria-label={`Remove ${text}?`}>
          <p className="font-semibold">Remove “{text}”? Shoppers typing these words will no longer find what it finds.</p>
          <div className="search-words-buttons">
            <button type="button" className="staff-button-danger" disabled={busy} onClick={() => void remove()}>
              Remove
            </button>
            <button type="button" className={ui.secondary} onClick={() => setMode('show')}>
              Keep it
            </button>
          </div>
        </div>
      )}
      {mode === 'show' && (
        <div className="search-words-buttons">
          <button type="button" className={ui.secondary} aria-label={`Change ${text}`} onClick={() => (setMessage(''), setMode('change'))}>
            Change
          </button>
          <button type="button" className={ui.secondary} aria-label={`Remove ${text}`} onClick={() => (setMessage(''), setMode('remove'))}>
            Remove
          </button>
        </div>
      )}
    </li>
  );
}
