/**
 * The password strength meter: five bars for the score and its label, Weak to Strong. It follows
 * the input named `inputId` itself, and reads it when it mounts: a form that hydrates on first
 * interaction may already hold what the shopper typed.
 */
import { useEffect, useState } from 'react';
import { passwordScore, strengthLabel } from './rules.ts';

const COLOURS = { Weak: 'bg-red-600', Fair: 'bg-amber-500', Good: 'bg-lime-600', Strong: 'bg-brand-700' } as const;
const TEXT = { Weak: 'text-red-700', Fair: 'text-amber-800', Good: 'text-lime-800', Strong: 'text-brand-800' } as const;

export function StrengthMeter({ inputId }: { inputId: string }) {
  const [password, setPassword] = useState('');
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    const read = () => setPassword(input.value);
    const afterReset = () => setTimeout(read);
    read();
    input.addEventListener('input', read);
    input.form?.addEventListener('reset', afterReset);
    return () => {
      input.removeEventListener('input', read);
      input.form?.removeEventListener('reset', afterReset);
    };
  }, [inputId]);
  const score = passwordScore(password);
  const label = strengthLabel(score);
  return (
    <div data-testid="strength-meter" data-score={score}>
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((bar) => (
          <span key={bar} className={`h-1.5 flex-1 rounded-full ${password && bar <= score ? COLOURS[label] : 'bg-stone-200'}`} />
        ))}
      </div>
      <p className="mt-1.5 flex justify-between gap-2 text-xs text-stone-600">
        <span>Use 8 or more characters with upper and lower case letters, a number and a symbol.</span>
        {password && (
          <span className={`shrink-0 font-semibold ${TEXT[label]}`} data-testid="strength-label">
            {label}
          </span>
        )}
      </p>
    </div>
  );
}
