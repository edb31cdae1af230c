/**
 * What every page does about the service worker (features/offline/worker.ts), from the chrome's
 * script (components/chrome/index.ts); kept to a few hundred bytes: the text pages' budget.
 *
 * - `html[data-offline]` follows the connection, so a page shows its `[data-offline-only]`
 *   notes (global.css) without a script of its own (the checkout says an order needs a connection).
 * - Once the page has loaded, the worker is registered (the browser then checks /sw.js for a new
 *   build on every page). When a new build's worker is waiting while an older one runs the page, the
 *   notice (BaseLayout's `[data-update-notice]`) shows; its Reload lets the new worker take over and
 *   reloads when it has, so the page and its scripts come from the new build together.
 */
export const WORKER_URL = '/sw.js';

export function initOffline(): void {
  const connection = () => document.documentElement.toggleAttribute('data-offline', !navigator.onLine);
  connection();
  addEventListener('online', connection);
  addEventListener('offline', connection);
  if (!('serviceWorker' in navigator)) return;
  const register = () => navigator.serviceWorker.register(WORKER_URL).then(watchUpdates, () => {});
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}

function watchUpdates(registration: ServiceWorkerRegistration): void {
  const workers = navigator.serviceWorker;
  const notice = document.querySelector<HTMLElement>('[data-update-notice]');
  if (!notice) return;
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
