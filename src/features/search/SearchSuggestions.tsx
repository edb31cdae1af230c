/**
 * Live suggestions for a search box (when and how many: suggestions.ts), ARIA 1.2 combobox pattern.
 * Mounted by mount.tsx over the static SearchForm on first interaction: the input and the form stay
 * the server-rendered ones (so nothing typed before React arrived is lost and nothing is hydrated);
 * this component renders the popup and drives the input's combobox state.
 * - After more than 2 characters and a 300 ms pause: at most 5 suggestions, each with image, name
 *   and price, then 'View all results for "{term}"'.
 * - Cleared when the term gets short, on a click outside the form, on Escape, or when one is chosen;
 *   choosing one (click, or arrows + Enter) clears the term and opens the product page.
 * - Enter or submit goes to /search?q= only when the trimmed term is not blank.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatRs } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { SUGGEST_DELAY_MS, SUGGEST_MARKS, wantsSuggestions, type Suggestion } from './suggestions.ts';
import type { SuggestionSource } from './lookup.ts';

interface Props {
  form: HTMLFormElement;
  input: HTMLInputElement;
  listboxId: string;
  source: SuggestionSource;
}

/** The 200 px rendition of our own artwork; a foreign URL as it is. */
function thumbnail(url: string): string {
  return /^\/images\/[a-z-]+\/[a-z0-9-]+\.webp$/.test(url) ? url.replace(/\.webp$/, '-200.webp') : url || '/images/placeholder.svg';
}

export default function SearchSuggestions({ form, input, listboxId, source }: Props) {
  const [items, setItems] = useState<Suggestion[]>([]);
  const [term, setTerm] = useState(input.value);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Bumped by every keystroke and clear: a lookup answering after a newer one is dropped. */
  const generation = useRef(0);
  /** Set when a lookup's answer is applied; the next commit marks it rendered. */
  const answered = useRef(false);
  const open = items.length > 0;
  const state = useRef({ items, active });
  state.current = { items, active };

  const clear = () => {
    clearTimeout(timer.current);
    generation.current++;
    setItems([]);
    setActive(-1);
  };

  const lookUp = (value: string) => {
    performance.mark(SUGGEST_MARKS.lookup);
    const mine = ++generation.current;
    const apply = (found: Suggestion[]) => {
      if (mine !== generation.current) return;
      answered.current = true;
      setItems(found);
      setActive(-1);
    };
    const found = source.lookup(value);
    if (Array.isArray(found)) apply(found);
    else void found.then(apply);
  };

  const choose = (s: Suggestion) => {
    input.value = '';
    setTerm('');
    clear();
    location.assign(paths.product(s.id));
  };

  useEffect(() => {
    const onInput = () => {
      performance.mark(SUGGEST_MARKS.key);
      const value = input.value;
      setTerm(value);
      clearTimeout(timer.current);
      if (!wantsSuggestions(value)) return clear();
      timer.current = setTimeout(() => lookUp(value), SUGGEST_DELAY_MS);
    };
    const onKey = (e: KeyboardEvent) => {
      const { items: list, active: at } = state.current;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (!list.length) {
          // Down Arrow opens a closed list at once (the combobox pattern); nothing to wait for.
          if (e.key === 'ArrowDown' && wantsSuggestions(input.value)) {
            e.preventDefault();
            clearTimeout(timer.current);
            lookUp(input.value);
          }
          return;
        }
        e.preventDefault();
        // Cycles through the options and back to the box itself (-1).
        const n = list.length + 1;
        setActive(((at + 1 + (e.key === 'ArrowDown' ? 1 : -1) + n) % n) - 1);
      } else if (e.key === 'Enter' && at >= 0 && list[at]) {
        e.preventDefault();
        choose(list[at]);
      } else if (e.key === 'Escape' && list.length) {
        // Closes the list only; a second Escape reaches the drawer.
        e.preventDefault();
        e.stopPropagation();
        clear();
      }
    };
    const onSubmit = (e: SubmitEvent) => {
      e.preventDefault();
      const q = input.value.trim();
      if (q) location.assign(paths.search(q));
    };
    const onPointerDown = (e: PointerEvent) => {
      if (!form.contains(e.target as Node)) clear();
    };
    const onFocus = () => source.prepare();
    input.addEventListener('input', onInput);
    input.addEventListener('keydown', onKey);
    input.addEventListener('focus', onFocus);
    form.addEventListener('submit', onSubmit);
    document.addEventListener('pointerdown', onPointerDown);
    // Picks up what was typed before React arrived, or between the first render and now.
    setTerm(input.value);
    if (document.activeElement === input) source.prepare();
    if (wantsSuggestions(input.value)) timer.current = setTimeout(() => lookUp(input.value), SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer.current);
      input.removeEventListener('input', onInput);
      input.removeEventListener('keydown', onKey);
      input.removeEventListener('focus', onFocus);
      form.removeEventListener('submit', onSubmit);
      document.removeEventListener('pointerdown', onPointerDown);
    };
    // The input, form and source live as long as the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    input.setAttribute('aria-expanded', String(open));
    if (open && active >= 0) input.setAttribute('aria-activedescendant', `${listboxId}-${active}`);
    else input.removeAttribute('aria-activedescendant');
  }, [open, active, input, listboxId]);

  useLayoutEffect(() => {
    if (!answered.current) return;
    answered.current = false;
    performance.mark(SUGGEST_MARKS.rendered);
  }, [items]);

  const q = term.trim();
  return (
    <>
      <div className={open ? 'suggest-popup' : 'suggest-popup hidden'}>
        <ul id={listboxId} role="listbox" aria-label="Product suggestions" className="py-1">
          {items.map((s, i) => (
            <li
              key={s.id}
              id={`${listboxId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="suggest-option"
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
            >
              <img src={thumbnail(s.image)} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded-lg bg-stone-100 object-cover" />
              <span className="line-clamp-2 min-w-0 flex-1 leading-5">{s.name}</span>
              <span className="shrink-0 font-semibold text-brand-800">{formatRs(s.price)}</span>
            </li>
          ))}
        </ul>
        {q && (
          <a href={paths.search(q)} className="suggest-all">
            View all results for "{q}"
          </a>
        )}
      </div>
      <p role="status" className="sr-only">
        {open ? `${items.length} suggestion${items.length === 1 ? '' : 's'}, use the arrow keys to choose` : ''}
      </p>
    </>
  );
}
