/**
 * `client:interact`: hydrate an island the first time a shopper comes near it (pointer over or
 * down, touch, focus, a key, a changed value), so a page pays nothing for it until then. The value may name query
 * parameters, comma-separated (`client:interact="sort,view"`): when the page's URL carries one of
 * them, the island hydrates at once, so a shared link or back/forward restores its state.
 * Registered in astro.config.mjs; the islands it hydrates must read what the shopper already did
 * to their static markup (a typed term, a chosen option) when they mount.
 * The same rule wakes the store's hand-hydrated islands (components/islands/wake.ts).
 */
import type { ClientDirective } from 'astro';

// 'change' and 'input' too: a value can change with no pointer or focus first (autofill, assistive
// technology, a script).
const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'change', 'input'] as const;

/**
 * Calls `start` once: at once when the URL carries one of `params` (comma-separated), else on the
 * first interaction with `el`.
 */
export function onInteract(el: HTMLElement, params: string, start: () => void): void {
  const names = params.split(',').map((p) => p.trim()).filter(Boolean);
  const query = new URLSearchParams(location.search);
  let done = false;
  const now = () => {
    if (done) return;
    done = true;
    for (const type of EVENTS) el.removeEventListener(type, now);
    start();
  };
  if (names.some((p) => query.has(p))) return now();
  for (const type of EVENTS) el.addEventListener(type, now, { once: true, passive: true });
}

const interact: ClientDirective = (load, opts, el) => {
  onInteract(el, typeof opts.value === 'string' ? opts.value : '', () => {
    void load().then((hydrate) => hydrate());
  });
};

export default interact;
