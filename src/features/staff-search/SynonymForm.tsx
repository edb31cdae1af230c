/**
 * One entry of the search dictionary: a new one (no `entry`; `prefill` puts a searched term in
 * "What shoppers type") or a change to one, from the version the editor opened. The dictionary's
 * own rules check the words as the editor types; a word another entry has is refused by the API,
 * naming that entry. A conflict (someone saved it meanwhile) keeps what the editor typed and shows
 * the entry as it is now; saving again starts from that version.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { Field } from '#components/forms/Field.tsx';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { entryText, type StaffSynonym } from '#lib/schemas/search-words-rules.ts';
import { synonymProblems } from '#lib/search/dictionary.ts';
import { addSynonym, changeSynonym } from './api.ts';
import { joinList, splitList } from './search-words.ts';

interface Props {
  entry?: StaffSynonym;
  prefill?: string;
  onSaved: (entry: StaffSynonym, message: string) => void;
  onCancel?: () => void;
}

const LIMIT = 600;

export function SynonymForm({ entry, prefill, onSaved, onCancel }: Props) {
  const id = useId();
  const [words, setWords] = useState(entry ? joinList(entry.words) : (prefill ?? ''));
  const [means, setMeans] = useState(entry ? joinList(entry.means) : '');
  const [base, setBase] = useState(entry);
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState<StaffSynonym>();

  const body = { words: splitList(words), means: splitList(means) };
  const checked: Record<string, string | undefined> = {};
  for (const p of synonymProblems(body)) checked[p.field] ??= p.message;
  const shown = (field: 'words' | 'means') => errors[field] ?? (touched ? checked[field] : undefined);
  const edited = (field: 'words' | 'means') => {
    setTouched(true);
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (checked.words || checked.means || busy) return;
    setBusy(true);
    const r = base ? await changeSynonym(base.id, { ...body, version: base.version }) : await addSynonym(body);
    setBusy(false);
    if (r.ok) {
      setErrors({});
      setMessage('');
      const saved = r.data.synonym;
      onSaved(saved, `Saved: ${entryText(saved)}. Shoppers’ searches find by it within seconds.`);
      return;
    }
    setErrors(r.errors);
    setMessage(r.message);
    if (r.status === 409 && r.reply?.current) {
      setNow(r.reply.current);
      setBase(r.reply.current);
    }
  }

  const label = entry ? `Change ${entryText(entry)}` : 'Add search words';
  return (
    <form onSubmit={submit} noValidate className="search-words-form" aria-label={label}>
      <ErrorMessage message={message} />
      {now && (
        <div className="search-words-now" data-testid="synonym-now">
          <p className="font-semibold">Now stored:</p>
          <p>{entryText(now)}</p>
        </div>
      )}
      <Field
        id={`${id}-words`}
        label="What shoppers type"
        hint="Words or short phrases, commas between: Roman Urdu, Urdu script, local names, brand shorthand."
        value={words}
        maxLength={LIMIT}
        autoComplete="off"
        error={shown('words')}
        onChange={(e) => {
          setWords(e.currentTarget.value);
          edited('words');
        }}
      />
      <Field
        id={`${id}-means`}
        label="What it finds"
        hint="Words of the catalogue (a product’s name, brand or category), commas between."
        value={means}
        maxLength={LIMIT}
        autoComplete="off"
        error={shown('means')}
        onChange={(e) => {
          setMeans(e.currentTarget.value);
          edited('means');
        }}
      />
      <div className="search-words-buttons">
        <button type="submit" className={ui.primary} disabled={busy}>
          {entry ? 'Save' : 'Add'}
        </button>
        {onCancel && (
          <button type="button" className={ui.secondary} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
