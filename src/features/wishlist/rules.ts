/** The wishlist's rules, pure. */
import type { WishlistItem } from '#lib/schemas/cart.ts';
import type { LiveResult } from '#lib/live-products.ts';

/** A product already wishlisted is ignored silently. */
export function addItem(items: readonly WishlistItem[], item: WishlistItem): WishlistItem[] {
  return items.some((i) => i._id === item._id) ? [...items] : [...items, item];
}

export function removeItem(items: readonly WishlistItem[], id: string): WishlistItem[] {
  return items.filter((i) => i._id !== id);
}

export function hasItem(items: readonly WishlistItem[], id: string): boolean {
  return items.some((i) => i._id === id);
}

/** A wishlisted item with the catalogue's current price, discount and stock, when they are known. */
export function withCurrent(item: WishlistItem, current: { price: number; discount: number; stock: number } | undefined): WishlistItem {
  return current ? { ...item, price: current.price, discount: current.discount, stock: current.stock } : item;
}

/**
 * The wishlist as shown: each item with the catalogue's figures when its answer is in (a product
 * the catalogue no longer sells reads as sold out); as stored when there is none or it failed.
 */
export function shownItems(items: readonly WishlistItem[], answers: ReadonlyMap<string, LiveResult>): WishlistItem[] {
  return items.map((item) => {
    const found = answers.get(item._id);
    return withCurrent(item, found?.kind === 'found' ? found.product : found?.kind === 'missing' ? { ...item, stock: 0 } : undefined);
  });
}
