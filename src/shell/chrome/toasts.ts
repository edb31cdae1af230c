/**
 * Toasts: `$toasts` rendered bottom-right into the one polite live region every page has in its
 * static HTML (`[data-toasts]`, BaseLayout), so each notice is announced; the store drops each after 1 s.
 */
import { $toasts } from '#features/toasts/store.ts';
import { toastsDrawn } from '#features/toasts/actions.ts';

export function initToasts(): void {
  const region = document.querySelector<HTMLElement>('[data-toasts]');
  if (!region) return;
  $toasts.subscribe((toasts) => {
    const shown = new Map([...region.children].map((el) => [(el as HTMLElement).dataset.id, el]));
    for (const toast of toasts) {
      const id = String(toast.id);
      if (shown.delete(id)) continue;
      const el = document.createElement('p');
      el.className = `toast toast-${toast.type}`;
      el.dataset.id = id;
      el.dataset.type = toast.type;
      el.textContent = toast.message;
      region.append(el);
    }
    for (const el of shown.values()) el.remove();
  });
  toastsDrawn();
}
