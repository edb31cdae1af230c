/**
 * Registers the service worker (features/offline/worker.ts) once the page has loaded, from the
 * chrome's script (components/chrome/index.ts); the browser then checks /sw.js for a new build on
 * every page. A few bytes, the pages' budgets: telling the shopper of a new build waits for their
 * first interaction (update-notice.ts, from the chrome's interactive.ts).
 */
export const WORKER_URL = '/sw.js';

export function initOffline(): void {
  // The chrome's script is a module: it always runs before the load event.
  addEventListener('load', () => navigator.serviceWorker?.register(WORKER_URL).catch(() => {}));
}
