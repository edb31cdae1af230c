/** The search page's own term box: Enter or the button searches when the trimmed term is not blank. */
import { useEffect, useRef, useState } from 'react';
import { ICON_PATHS } from '#components/icons.ts';

interface Props {
  id: string;
  initial: string;
  onSearch: (q: string) => void;
  autoFocus?: boolean;
}

export default function SearchBox({ id, initial, onSearch, autoFocus }: Props) {
  const [term, setTerm] = useState(initial);
  // A new term from outside (a search made, back or forward) replaces what is typed; mounting does
  // not (the search page carries a term typed before its island ran into this box as it mounts).
  const shown = useRef(initial);
  useEffect(() => {
    if (shown.current === initial) return;
    shown.current = initial;
    setTerm(initial);
  }, [initial]);
  const submit = () => {
    const q = term.trim();
    if (q) onSearch(q);
  };
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        value={term}
        autoFocus={autoFocus}
        autoComplete="off"
        placeholder="Search for atta, tea, shampoo…"
        onChange={(e) => setTerm(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
        className="w-full rounded-full border border-stone-300 bg-stone-50 py-3 pr-14 pl-5 text-sm placeholder:text-stone-500 focus:border-brand-600 focus:bg-white focus:outline-none"
      />
      <button
        type="button"
        onClick={submit}
        aria-label="Search"
        className="absolute top-1/2 right-1.5 grid h-10 w-10 -translate-y-1/2 place-items-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
      >
        <svg viewBox="0 0 24 24" className="icon h-5 w-5" aria-hidden="true">
          <path d={ICON_PATHS.search} />
        </svg>
      </button>
    </div>
  );
}
