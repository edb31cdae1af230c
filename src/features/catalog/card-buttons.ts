/**
 * The product cards' buttons, one delegated handler for the whole page (cards rendered later by an
 * island included): inside an element carrying `data-item` (the JSON of `itemOf(product)`),
 * - `button[data-add-to-cart]` adds one: 'Adding...', then 'Added!' for 2 s, then its own text again;
 *   the product page's buy box (`[data-buy-box]`) handles its own button.
 * - `button[data-wishlist-toggle]` toggles the wishlist. Every heart on the page shows the state
 *   (`aria-pressed`, its label, a filled heart), on load, after a click and when another tab changes it.
 *   A button with `data-wish-text` says 'Add to Wishlist' / 'Wishlisted' in its text instead.
 */
import { $wishlist, toggleWishlist } from '#features/wishlist/store.ts';
import { addToCart } from '#features/cart/store.ts';
import { cartItemOf } from '#features/cart/rules.ts';
import { WishlistItemSchema, type WishlistItem } from '#lib/schemas/cart.ts';
import { hasItem } from '#features/wishlist/rules.ts';

export const ADDING_MS = 300;
export const ADDED_MS = 2000;
export const CARD_TEXTS = { add: 'Add to Cart', adding: 'Adding...', added: 'Added!' } as const;
export const WISH_TEXTS = { add: 'Add to Wishlist', added: 'Wishlisted' } as const;

/** The product a button belongs to, read from the nearest `data-item`; undefined when absent or malformed. */
export function itemFor(el: Element): WishlistItem | undefined {
  const raw = el.closest<HTMLElement>('[data-item]')?.dataset.item;
  if (!raw) return undefined;
  try {
    const parsed = WishlistItemSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Shows one heart's state. */
export function renderHeart(button: HTMLElement, item: WishlistItem | undefined, wishlisted: boolean): void {
  button.setAttribute('aria-pressed', String(wishlisted));
  const text = button.querySelector('[data-wish-text]');
  if (text) text.textContent = wishlisted ? WISH_TEXTS.added : WISH_TEXTS.add;
  else if (item) button.setAttribute('aria-label', wishlisted ? `${item.name} is in your wishlist` : `Add ${item.name} to wishlist`);
}

function renderHearts(root: ParentNode = document): void {
  const items = $wishlist.get();
  for (const button of root.querySelectorAll<HTMLElement>('[data-wishlist-toggle]')) {
    renderHeart(button, itemFor(button), hasItem(items, button.dataset.wishlistToggle ?? ''));
  }
}

const timers = new WeakMap<HTMLElement, number>();

/** 'Adding...' at once, 'Added!' after ADDING_MS, the button's own text ADDED_MS later. */
export function showAdded(button: HTMLElement, texts: { adding?: string; added: string }, addedMs = ADDED_MS): void {
  button.dataset.idleText ??= button.textContent?.trim() ?? '';
  clearTimeout(timers.get(button));
  const added = () => {
    button.textContent = texts.added;
    timers.set(button, window.setTimeout(() => (button.textContent = button.dataset.idleText ?? ''), addedMs));
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
      addToCart(cartItemOf(item), 1);
      showAdded(add, { adding: CARD_TEXTS.adding, added: CARD_TEXTS.added });
      return;
    }
    const heart = target.closest<HTMLElement>('[data-wishlist-toggle]');
    if (heart) {
      const item = itemFor(heart);
      if (item) toggleWishlist(item);
    }
  });
  $wishlist.subscribe(() => renderHearts());
  // Cards an island renders later show their heart's state too.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element && (node.matches('[data-wishlist-toggle]') || node.querySelector('[data-wishlist-toggle]'))) renderHearts(node.parentElement ?? node);
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}
