/**
 * Mounts SearchSuggestions over one static SearchForm (loaded by suggest-loader.ts with a dynamic
 * import on the shopper's first interaction). React renders only into the form's popup
 * slot; the input is never replaced, so focus and anything typed meanwhile are kept.
 */
import { createRoot } from 'react-dom/client';
import { sharedSuggestionSource } from './lookup.ts';
import SearchSuggestions from './SearchSuggestions.tsx';

export function mountSuggestions(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  const slot = form.querySelector<HTMLElement>('[data-suggest-popup]');
  const listboxId = input?.getAttribute('aria-controls');
  if (!input || !slot || !listboxId || form.dataset.suggestMounted) return;
  form.dataset.suggestMounted = 'true';
  const source = sharedSuggestionSource(form.dataset.searchIndex || undefined);
  createRoot(slot).render(<SearchSuggestions form={form} input={input} listboxId={listboxId} source={source} />);
}
