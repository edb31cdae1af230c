/** A password field with a Show/Hide toggle (the password stays what was typed either way). */
import { useState } from 'react';
import { Field, type FieldProps } from './Field.tsx';

export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      trailing={
        <button
          type="button"
          className="absolute inset-y-0 right-1 my-1 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          aria-controls={props.id}
          aria-pressed={shown}
          aria-label={
            shown
              ? `Hide ${typeof props.label === 'string' ? props.label.toLowerCase() : 'password'}`
              : `Show ${typeof props.label === 'string' ? props.label.toLowerCase() : 'password'}`
          }
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
