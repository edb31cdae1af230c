/**
 * The notice of a newer build (BaseLayout's `[data-update-notice]`), wired on the shopper's first
 * interaction (shell/chrome/interactive.ts): nothing of it loads before, the budgets.
 *
 * When a new build's worker is waiting while an older one runs the page, or comes to wait later,
 * the notice shows. Its Reload lets the new worker take over and reloads once it has, so the page
 * and its scripts come from the new build together (the worker deletes the old build's caches as
 * it takes over).
 */
export async function initUpdateNotice(): Promise<void> {
  const workers = navigator.serviceWorker;
  const notice = document.querySelector<HTMLElement>('[data-update-notice]');
  const registration = await workers?.getRegistration().catch(() => undefined);
  if (!notice || !registration) return;
  const show = () => {
    if (registration.waiting && workers.controller) notice.hidden = false;
  };
  show();
  registration.addEventListener('updatefound', () => registration.installing?.addEventListener('statechange', show));
  notice.querySelector('button')?.addEventListener('click', () => {
    if (!registration.waiting) return location.reload();
    workers.addEventListener('controllerchange', () => location.reload());
    registration.waiting.postMessage({ type: 'SKIP_WAITING' });
  });
}
