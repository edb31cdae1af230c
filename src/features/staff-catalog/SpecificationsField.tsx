/** The product's specifications as name and value rows, added and removed; each part's problem under it, in the importer's words. */
import { ui } from '#components/forms/ui.ts';
import { specificationProblems } from '#lib/schemas/product-rules.ts';
import type { Specification } from './product-types.ts';

interface Props {
  value: Specification[];
  onChange: (specs: Specification[]) => void;
  /** Show each row's problems (the editor left the section or tried to save). */
  show: boolean;
  onBlur: () => void;
}

export function SpecificationsField({ value, onChange, show, onBlur }: Props) {
  const set = (i: number, part: keyof Specification, text: string) => onChange(value.map((s, j) => (j === i ? { ...s, [part]: text } : s)));
  return (
    <fieldset className="staff-specs" data-testid="specifications">
      <legend className={ui.label}>Specifications</legend>
      {value.length === 0 && <p className={ui.hint}>None yet.</p>}
      <ol className="grid gap-3">
        {value.map((s, i) => {
          const p = show ? specificationProblems(s) : {};
          const id = `spec-${i}`;
          return (
            <li key={i} className="staff-spec-row">
              {(['name', 'value'] as const).map((part) => (
                <div key={part} className="min-w-0">
                  <label htmlFor={`${id}-${part}`} className={ui.label}>
                    {part === 'name' ? `Name ${i + 1}` : `Value ${i + 1}`}
                  </label>
                  <input
                    id={`${id}-${part}`}
                    className={ui.input}
                    value={s[part]}
                    maxLength={500}
                    placeholder={part === 'name' ? 'Weight' : '1 kg'}
                    aria-invalid={p[part] ? true : undefined}
                    aria-describedby={p[part] ? `${id}-${part}-error` : undefined}
                    onChange={(e) => set(i, part, e.currentTarget.value)}
                    onBlur={onBlur}
                  />
                  {p[part] && (
                    <p id={`${id}-${part}-error`} className={ui.fieldError}>
                      {part === 'name' ? 'Name' : 'Value'} {p[part]}.
                    </p>
                  )}
                </div>
              ))}
              <button type="button" className="staff-button-small self-end" onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={`Remove specification ${i + 1}`}>
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <button type="button" className="staff-button-small mt-3" onClick={() => onChange([...value, { name: '', value: '' }])}>
        Add a specification
      </button>
    </fieldset>
  );
}
