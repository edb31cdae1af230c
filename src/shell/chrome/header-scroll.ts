/** The header hides when scrolling down past 100 px and returns on scroll up; never while a menu or the drawer is open. */
export const HIDE_AFTER_PX = 100;

export function initHeaderScroll(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  let last = window.scrollY;
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY;
      const busy = document.body.hasAttribute('data-drawer-open') || header.querySelector('[aria-expanded="true"]');
      header.dataset.hidden = String(y > HIDE_AFTER_PX && y > last && !busy);
      last = y;
    },
    { passive: true },
  );
}
