/**
 * The phone drawer (MobileDrawer.astro): opened by the header's menu button, or by its search
 * button with the drawer's search box focused (the keyboard comes up with the tap; before this
 * script runs, that button is a link to the search page), closed by its close button, the backdrop or Escape. While open the page does not scroll, Tab stays inside it and the
 * header stays in place; on close focus returns to the menu button.
 */
import { trapFocus } from './focus-trap.ts';

export function initDrawer(): void {
  const drawer = document.querySelector<HTMLElement>('[data-drawer]');
  const opener = document.querySelector<HTMLElement>('[data-drawer-open]');
  if (!drawer || !opener) return;
  const isOpen = () => !drawer.classList.contains('hidden');

  let returnTo: HTMLElement = opener;
  function setOpen(open: boolean, focus = 'button[data-drawer-close]') {
    drawer!.classList.toggle('hidden', !open);
    document.body.style.overflow = open ? 'hidden' : '';
    document.body.toggleAttribute('data-drawer-open', open);
    opener!.setAttribute('aria-expanded', String(open));
    if (open) drawer!.querySelector<HTMLElement>(focus)?.focus();
    else returnTo.focus();
  }
  opener.addEventListener('click', () => {
    returnTo = opener;
    setOpen(true);
  });
  for (const search of document.querySelectorAll<HTMLElement>('[data-search-open]')) {
    search.addEventListener('click', (event) => {
      event.preventDefault();
      returnTo = search;
      setOpen(true, '#drawer-search');
    });
  }
  drawer.addEventListener('click', (event) => {
    if ((event.target as Element).closest('[data-drawer-close]')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) setOpen(false);
  });
  trapFocus(drawer, isOpen);
  // Widening past the phone layout hides the drawer (md:hidden): release the page with it.
  matchMedia('(min-width: 768px)').addEventListener('change', (event) => {
    if (event.matches && isOpen()) setOpen(false);
  });
}
