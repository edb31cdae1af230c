/**
 * Route-change spinner: shown while a navigation is under way, at most 1 s, and never holding a
 * page back. A same-origin link click or a form submit that no script cancelled shows it after
 * SHOW_AFTER_MS (a fast navigation never flashes it); it hides after MAX_MS, when the page is left
 * (pagehide) or shown again from the back/forward cache (pageshow).
 */
export const SHOW_AFTER_MS = 150;
export const MAX_MS = 1000;

/** Whether a click on this link starts a navigation of this tab to another page of the store. */
export function navigates(link: HTMLAnchorElement, event: MouseEvent, here: Location = location): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
  const url = new URL(link.href, here.href);
  if (url.origin !== here.origin) return false;
  // Only the #fragment differs: the page scrolls, nothing loads.
  return url.pathname !== here.pathname || url.search !== here.search;
}

export function initSpinner(): void {
  const spinner = document.querySelector<HTMLElement>('[data-route-spinner]');
  if (!spinner) return;
  let showTimer = 0;
  let hideTimer = 0;
  const hide = () => {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    spinner.hidden = true;
  };
  const start = () => {
    hide();
    showTimer = window.setTimeout(() => {
      spinner.hidden = false;
      hideTimer = window.setTimeout(hide, MAX_MS - SHOW_AFTER_MS);
    }, SHOW_AFTER_MS);
  };
  // Bubble phase on window: islands' handlers (React listens on its root) have had their say.
  window.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.('a[href]');
    if (link instanceof HTMLAnchorElement && navigates(link, event)) start();
  });
  window.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) start();
  });
  window.addEventListener('pagehide', hide);
  window.addEventListener('pageshow', hide);
}
