/** A labelled input with its hint and its error beside it (aria-describedby, aria-invalid). Uncontrolled unless `value` is given. */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { ui } from './ui.ts';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Drawn inside the input's box, on the right (the password's Show button). */
  trailing?: ReactNode;
}

export function Field({ id, label, error, hint, trailing, className = '', ...input }: FieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={id}
          className={`${ui.input} ${trailing ? 'pr-20' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...input}
        />
        {trailing}
      </div>
      {hint && (
        <div id={`${id}-hint`} className={ui.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The e-mail field of the account forms (registration, forgot password): required, bounded as the API bounds it. */
export function EmailField({ error }: { error?: string }) {
  return (
    <Field
      id="email"
      label="E-mail"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      maxLength={254}
      placeholder="you@example.com"
      error={error}
    />
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: ReactNode;
  error?: string;
  /** The first option, with no value: what to do ("Choose a province"). */
  placeholder: string;
  options: readonly { value: string; name: string }[];
}

/**
 * A labelled choice with its error beside it, as Field draws an input. Uncontrolled and given no
 * default, so a value put in before the island hydrates stays.
 */
export function SelectField({ id, label, error, placeholder, options, className = '', ...select }: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select id={id} name={id} className={ui.input} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
