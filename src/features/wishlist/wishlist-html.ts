/**
 * The wishlist page's markup, the one source of it: the page's early script draws the stored
 * wishlist with these strings before React has loaded (early.ts), and the island (WishlistView)
 * renders the very same strings, each card in its `<li>` through `dangerouslySetInnerHTML`. So the
 * island hydrates the drawn cards as they are: nothing is drawn twice, nothing flashes or moves.
 * The card's picture, price and stock badge are the shared pieces' (components/picture.ts,
 * price.ts, stock-badge.ts), as on the product cards.
 *
 * The card's buttons carry what they do (`data-wishlist-move`, `data-wishlist-remove`, with the
 * product's id): the island handles them with one delegated handler, and a tap on one before the
 * island has run is held and replayed (components/tap-queue.ts).
 */
import type { WishlistItem } from '#lib/schemas/cart.ts';
import { escapeHtml } from '#lib/html.ts';
import { paths } from '#lib/paths.ts';
import { inStock } from '#lib/in-stock.ts';
import { pictureHtml } from '#components/picture.ts';
import { priceHtml } from '#components/price.ts';
import { stockBadgeHtml } from '#components/stock-badge.ts';
import { iconHtml } from '#components/icons.ts';

/** The island's name (its element, its props script, its later template). */
export const WISHLIST_ISLAND = 'wishlist';
/** On the island's element that holds the count line and the cards (or the empty state): what the early script draws into. */
export const WISHLIST_BODY_ATTRIBUTE = 'data-wishlist-body';
export const MOVE_ATTRIBUTE = 'data-wishlist-move';
export const REMOVE_ATTRIBUTE = 'data-wishlist-remove';

export const WISHLIST_GRID_CLASS = 'mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4 lg:grid-cols-4 xl:grid-cols-5';
export const WISHLIST_COUNT_CLASS = 'mt-1 h-5 text-sm text-stone-500';

export function wishlistCountText(count: number): string {
  return `${count} item(s) in your wishlist`;
}

/** One wishlisted product: picture and name (links to the product), price, stock, Move to Cart and remove. */
export function wishlistCardHtml(item: WishlistItem): string {
  const e = escapeHtml;
  const href = e(paths.product(item._id));
  const id = e(item._id);
  const soldOut = !inStock(item.stock);
  const noteId = `wishlist-out-${id}`;
  return (
    `<article class="card group" data-testid="wishlist-item" data-product-id="${id}">` +
    `<a href="${href}" tabindex="-1" aria-hidden="true" class="card-media">${pictureHtml({ src: item.image, alt: '', sizes: '240px', class: 'card-image' })}</a>` +
    `<button type="button" class="card-wish text-red-600" aria-label="Remove ${e(item.name)} from wishlist" ${REMOVE_ATTRIBUTE}="${id}">${iconHtml('trash', 'h-5 w-5')}</button>` +
    `<div class="card-body"><h2 class="card-title"><a href="${href}" class="hover:text-brand-700">${e(item.name)}</a></h2>` +
    priceHtml(item.price, item.discount) +
    `<div>${stockBadgeHtml(item.stock)}</div>` +
    `<div class="mt-auto pt-1"><button type="button" class="card-cart"${soldOut ? ` disabled aria-describedby="${noteId}"` : ''} ${MOVE_ATTRIBUTE}="${id}">${soldOut ? 'Out of Stock' : 'Move to Cart'}</button>` +
    (soldOut ? `<p id="${noteId}" class="mt-1 text-xs text-stone-600">Out of stock: it can&#39;t be moved to the cart.</p>` : '') +
    `</div></div></article>`
  );
}

/** The empty state, with a way to shop; `className` adds to its panel's classes. */
export function wishlistEmptyHtml(className = ''): string {
  return (
    `<div class="mt-8 flex flex-col items-center rounded-3xl border border-stone-200 bg-white px-6 py-16 text-center${className ? ` ${className}` : ''}" data-testid="wishlist-empty">` +
    `<span class="grid h-16 w-16 place-items-center rounded-full bg-red-50 text-red-600">${iconHtml('heart', 'h-8 w-8')}</span>` +
    `<h2 class="mt-4 text-lg font-semibold text-stone-900">Your wishlist is empty</h2>` +
    `<p class="mt-1 text-sm text-stone-500">Tap the heart on any product to keep it here for later.</p>` +
    `<a href="${paths.home()}" class="mt-6 inline-flex rounded-full bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800">Start Shopping</a></div>`
  );
}

/**
 * What the island's body element holds for `items` (as shown: today's figures applied): the count
 * line, then the cards, each in its `<li>`, or the empty state. WishlistBody renders the same
 * (wishlist-html.test.ts holds the two equal).
 */
export function wishlistBodyHtml(items: readonly WishlistItem[]): string {
  return (
    `<p class="${WISHLIST_COUNT_CLASS}" data-testid="wishlist-count-text">${wishlistCountText(items.length)}</p>` +
    (items.length === 0 ? `<div>${wishlistEmptyHtml()}</div>` : `<ul class="${WISHLIST_GRID_CLASS}">${items.map((item) => `<li>${wishlistCardHtml(item)}</li>`).join('')}</ul>`)
  );
}
