/**
 * The ARIA menu button pattern over static markup: a `button[aria-haspopup="menu"]` whose
 * `aria-controls` names a `[role="menu"]` holding `[role="menuitem"]` links or buttons.
 * Enter, Space or ArrowDown open it on the first item, ArrowUp on the last; inside, arrows wrap,
 * Home/End jump, letters type ahead (reset after 350 ms); Escape closes and returns focus to the
 * button; Tab, a click outside or choosing an item closes it.
 */
import { isPrintable, moveIndex, typeAhead } from './menu-keys.ts';

export function initMenuButton(button: HTMLButtonElement): void {
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!menu) return;
  const items = () => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const search = typeAhead();
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';

  function focusItem(index: number) {
    items()[index]?.focus();
  }
  function open(index: number) {
    menu!.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    focusItem(index < 0 ? items().length - 1 : index);
  }
  function close(returnFocus: boolean) {
    if (!isOpen()) return;
    menu!.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (returnFocus) button.focus();
  }

  button.addEventListener('click', () => (isOpen() ? close(true) : open(0)));
  button.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key === 'ArrowDown' ? 0 : -1);
    }
  });
  menu.addEventListener('keydown', (event) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const moved = moveIndex(event.key, current, list.length);
    if (moved !== undefined) {
      event.preventDefault();
      focusItem(moved);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (isPrintable(event)) {
      event.preventDefault();
      focusItem(search.next(event.key, event.timeStamp, current, list.map((el) => el.textContent ?? '')));
    }
  });
  // Space on a link item follows it, like Enter (links alone only answer Enter).
  menu.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (event.key === ' ' && target.tagName === 'A') {
      event.preventDefault();
      target.click();
    }
  });
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('[role="menuitem"]')) close(false);
  });
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node;
    if (isOpen() && !menu.contains(target) && !button.contains(target)) close(false);
  });
  menu.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (next && !menu.contains(next) && next !== button) close(false);
  });
}
