/**
 * Google, Facebook and Apple sign-in: no provider is connected, so each button says so, in a status
 * region beside them. No dead click and no fake login.
 */
import { useState } from 'react';

const PROVIDERS = [
  { name: 'Google', mark: 'G', className: 'text-[#1a73e8]' },
  { name: 'Facebook', mark: 'f', className: 'text-[#1877f2]' },
  { name: 'Apple', mark: '', className: 'text-stone-900' },
] as const;

export function notConnected(provider: string): string {
  return `Sign-in with ${provider} is not connected yet. Please use your e-mail and password.`;
}

export function SocialButtons() {
  const [note, setNote] = useState('');
  return (
    <div>
      <div className="flex items-center gap-3 text-xs font-medium text-stone-600" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" /> or continue with <span className="h-px flex-1 bg-stone-200" />
      </div>
      <ul className="mt-4 grid grid-cols-3 gap-2" aria-label="Other ways to sign in">
        {PROVIDERS.map((p) => (
          <li key={p.name}>
            <button
              type="button"
              className="flex w-full items-center justify-center gap-1.5 rounded-xl border border-stone-300 bg-white px-2 py-2.5 text-sm font-semibold text-stone-800 hover:border-stone-400 hover:bg-stone-50"
              onClick={() => setNote(notConnected(p.name))}
            >
              {p.name === 'Apple' ? (
                <AppleMark />
              ) : (
                <span className={`text-base leading-none font-extrabold ${p.className}`} aria-hidden="true">
                  {p.mark}
                </span>
              )}
              {p.name}
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className="text-center text-sm text-stone-700 not-empty:mt-3" data-testid="social-note">
        {note}
      </p>
    </div>
  );
}

function AppleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4 fill-current" aria-hidden="true">
      <path d="M16.4 12.6c0-2.5 2-3.7 2.1-3.8-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.1 2.5-1.8 3.1-.5 7.6 1.3 10.1.8 1.2 1.8 2.6 3.1 2.5 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4 1-1.4 1.3-2.7 1.4-2.8-.1 0-2.6-1-2.5-4.1zM14 5.2c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4z" />
    </svg>
  );
}
