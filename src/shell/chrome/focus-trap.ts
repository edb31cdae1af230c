/**
 * Focus containment for a modal (the phone drawer): Tab past the last focusable element goes to the
 * first, Shift+Tab before the first goes to the last. Elsewhere the browser moves focus itself.
 */

/** What counts as focusable inside the drawer (hidden ones are filtered out by `visibleFocusables`). */
export const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Where Tab should go instead of the browser's choice: an index into the focusables, or null to let the
 * browser move. `current` is the index of the focused element, -1 when focus is not among them.
 */
export function trapTarget(count: number, current: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (current === -1) return backwards ? count - 1 : 0;
  if (backwards && current === 0) return count - 1;
  if (!backwards && current === count - 1) return 0;
  return null;
}

/** The focusable elements inside `root` that are rendered (not inside a closed <details> or display:none). */
export function visibleFocusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/** Keeps Tab inside `root` while `active()` says so. Returns the keydown listener to remove later. */
export function trapFocus(root: HTMLElement, active: () => boolean): (event: KeyboardEvent) => void {
  const listener = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !active()) return;
    const items = visibleFocusables(root);
    const target = trapTarget(items.length, items.indexOf(document.activeElement as HTMLElement), event.shiftKey);
    if (target === null) return;
    event.preventDefault();
    items[target].focus();
  };
  document.addEventListener('keydown', listener);
  return listener;
}
