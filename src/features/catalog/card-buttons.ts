/**
 * The product cards' clicks, one delegated handler for the whole page (cards an island renders
 * later included), inside an element carrying `data-item` (the product's item: item.ts):
 * - `button[data-add-to-cart]` adds one: 'Adding...', then 'Added!' for 2 s, then its own text again
 *   (or, with every one left already in the cart, nothing, and a message saying so);
 *   the product page's buy box (`[data-buy-box]`) handles its own button (buy-box.ts).
 * - `button[data-wishlist-toggle]` toggles the wishlist; card-hearts.ts shows the result.
 */
import { toggleWishlist } from '#features/wishlist/actions.ts';
import { addWithinStock } from '#features/cart/actions.ts';
import { cartItemOf } from '#features/cart/rules.ts';
import { itemFor } from './card-hearts.ts';
import { HELD_ADD_TEXT } from '#components/tap-queue.ts';

export const ADDING_MS = 300;
export const ADDED_MS = 2000;
/** 'Adding...' is also what a tap held before this module ran shows (components/tap-queue.ts). */
export const CARD_TEXTS = { adding: HELD_ADD_TEXT, added: 'Added!' } as const;

const timers = new WeakMap<HTMLElement, number>();

/** 'Adding...' at once (when given), `added` after ADDING_MS, the button's own text ADDED_MS later. */
export function showAdded(button: HTMLElement, texts: { adding?: string; added: string }): void {
  button.dataset.idleText ??= button.textContent?.trim() ?? '';
  clearTimeout(timers.get(button));
  const added = () => {
    button.textContent = texts.added;
    timers.set(button, window.setTimeout(() => (button.textContent = button.dataset.idleText ?? ''), ADDED_MS));
  };
  if (texts.adding) {
    button.textContent = texts.adding;
    timers.set(button, window.setTimeout(added, ADDING_MS));
  } else added();
}

export function initCardButtons(): void {
  document.addEventListener('click', (event) => {
    const target = event.target as Element;
    const add = target.closest<HTMLButtonElement>('button[data-add-to-cart]');
    if (add && !add.disabled && !add.closest('[data-buy-box]')) {
      const item = itemFor(add);
      if (!item || item.stock <= 0) return;
      // Within what is left beyond what the cart holds; otherwise the shopper is told how many are left.
      if (addWithinStock(cartItemOf(item), item.stock, 1)) showAdded(add, CARD_TEXTS);
      return;
    }
    const heart = target.closest<HTMLElement>('[data-wishlist-toggle]');
    const item = heart && itemFor(heart);
    if (item) toggleWishlist(item);
  });
}
