/**
 * Footer groups (Footer.astro): on phones an exclusive accordion (the inline closer after the footer
 * folds them before the first paint); from 768 px all open, and their headings are labels, not toggles.
 */
export function initFooter(): void {
  const wide = matchMedia('(min-width: 768px)');
  const groups = document.querySelectorAll<HTMLDetailsElement>('[data-footer-group]');
  function layout() {
    for (const group of groups) {
      group.open = wide.matches;
      const summary = group.querySelector('summary');
      if (wide.matches) summary?.setAttribute('tabindex', '-1');
      else summary?.removeAttribute('tabindex');
    }
  }
  for (const group of groups) {
    group.querySelector('summary')?.addEventListener('click', (event) => {
      if (wide.matches) event.preventDefault();
    });
    group.addEventListener('toggle', () => {
      if (wide.matches || !group.open) return;
      for (const other of groups) if (other !== group) other.open = false;
    });
  }
  if (groups.length) {
    layout();
    wide.addEventListener('change', layout);
  }
}
