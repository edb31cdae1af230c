/**
 * Loads the suggestions (React and the island, mount.tsx) on the first interaction with a
 * suggesting search form, or at once when one already has focus (the shopper came to it first,
 * which is what loaded the chrome's interactive handlers that run this; or the drawer focused it).
 * Runs from the chrome's interactive.ts, not from a script of SearchForm.astro's own: that would be
 * one more chunk, and its import() Vite's preload helper, on every page before any interaction.
 */
const EVENTS = ['focusin', 'pointerover', 'pointerdown', 'touchstart', 'keydown'] as const;

export function initSuggestLoader(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-suggest]')) {
    const start = () => {
      for (const type of EVENTS) form.removeEventListener(type, start);
      void import('./mount.tsx').then((m) => m.mountSuggestions(form));
    };
    if (form.contains(document.activeElement)) start();
    else for (const type of EVENTS) form.addEventListener(type, start, { passive: true });
  }
}
