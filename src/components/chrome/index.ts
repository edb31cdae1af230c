/**
 * The one script every page runs, no React: badges, the user area, the menus, the drawer, the
 * hide-on-scroll bar, the footer accordion, the route spinner, toasts and the product cards' buttons.
 * Each part does nothing on a page without its markup (the chromeless pages keep toasts and spinner).
 */
import { initCardButtons } from '#features/catalog/card-buttons.ts';
import { initBadges } from './badges.ts';
import { initDrawer } from './drawer.ts';
import { initFooter } from './footer.ts';
import { initHeaderScroll } from './header-scroll.ts';
import { initMenuButton } from './menu-button.ts';
import { initSession } from './session.ts';
import { initSpinner } from './spinner.ts';
import { initToasts } from './toasts.ts';

initToasts();
initBadges();
initSession();
initCardButtons();
document.querySelectorAll<HTMLButtonElement>('button[aria-haspopup="menu"]').forEach(initMenuButton);
initDrawer();
initHeaderScroll();
initFooter();
initSpinner();
