/**
 * The product cards' state, shown from page load (cards rendered later by an island included):
 * every `[data-wishlist-toggle]` heart shows whether its product is wishlisted (`aria-pressed`, its
 * label, a filled heart), and follows the wishlist when it changes here or in another tab. A button
 * holding `[data-wish-text]` says 'Add to Wishlist' / 'Wishlisted' in its text instead of a label.
 * The clicks themselves are handled by card-buttons.ts.
 */
import { $wishlist } from '#features/wishlist/store.ts';
import type { WishlistItem } from '#lib/schemas/cart.ts';
import { itemIn } from './item.ts';

export const WISH_TEXTS = { add: 'Add to Wishlist', added: 'Wishlisted' } as const;

/** The product a button belongs to, read from the nearest `data-item` (item.ts); undefined when absent or malformed. */
export function itemFor(el: Element): WishlistItem | undefined {
  const holder = el.closest<HTMLElement>('[data-item]');
  return holder ? itemIn(holder) : undefined;
}

export function renderHeart(button: HTMLElement, item: WishlistItem | undefined, wishlisted: boolean): void {
  button.setAttribute('aria-pressed', String(wishlisted));
  const text = button.querySelector('[data-wish-text]');
  if (text) text.textContent = wishlisted ? WISH_TEXTS.added : WISH_TEXTS.add;
  else if (item) button.setAttribute('aria-label', wishlisted ? `${item.name} is in your wishlist` : `Add ${item.name} to wishlist`);
}

/**
 * For the tap queue's replay: whether a held heart already shows what the wishlist holds (tapped an
 * even number of times, or onto the state stored), so that its tap is not replayed; such a heart is
 * drawn in full (its label or words) here. False for any other control.
 */
export function heartSettled(button: HTMLElement): boolean {
  const id = button.dataset.wishlistToggle;
  if (id === undefined) return false;
  const wishlisted = $wishlist.get().some((item) => item._id === id);
  if (wishlisted !== (button.ariaPressed === 'true')) return false;
  renderHeart(button, itemFor(button), wishlisted);
  return true;
}

function renderHearts(root: ParentNode = document): void {
  // The ids, not wishlist/rules.ts's hasItem: this runs on every page, and the rules module would
  // bring the rest of the wishlist's rules into the script every page loads.
  const ids = new Set($wishlist.get().map((item) => item._id));
  for (const button of root.querySelectorAll<HTMLElement>('[data-wishlist-toggle]')) {
    // A held heart shows the state its taps ask for until they are replayed (components/tap-queue.ts).
    if (button.ariaBusy === 'true') continue;
    renderHeart(button, itemFor(button), ids.has(button.dataset.wishlistToggle ?? ''));
  }
}

export function initHearts(): void {
  $wishlist.subscribe(() => renderHearts());
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && (node.matches('[data-wishlist-toggle]') || node.querySelector('[data-wishlist-toggle]'))) renderHearts(node.parentElement ?? node);
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}
