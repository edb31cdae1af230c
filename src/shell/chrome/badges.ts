/**
 * Count badges (`[data-cart-count]`, `[data-wishlist-count]`) in the header and the phone bottom bar,
 * live from the stores (another tab's change arrives through the storage event). The badges are
 * absolutely positioned, so filling them in shifts nothing. The link around each one names the
 * count for screen readers (`data-count-label` is its name without a count).
 */
import type { ReadableAtom } from 'nanostores';
import { $cartCount } from '#features/cart/store.ts';
import { $wishlistCount } from '#features/wishlist/store.ts';

function bind(selector: string, $count: ReadableAtom<number>) {
  $count.subscribe((count) => {
    for (const badge of document.querySelectorAll<HTMLElement>(selector)) {
      badge.textContent = count > 99 ? '99+' : String(count);
      badge.classList.toggle('hidden', count === 0);
      const link = badge.closest<HTMLElement>('[data-count-label]');
      const name = link?.dataset.countLabel;
      if (link && name) link.setAttribute('aria-label', count ? `${name}, ${count} ${count === 1 ? 'item' : 'items'}` : name);
    }
  });
}

export function initBadges(): void {
  bind('[data-cart-count]', $cartCount);
  bind('[data-wishlist-count]', $wishlistCount);
}
