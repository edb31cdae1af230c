/**
 * Today's price, discount and stock of the wishlisted products, from the catalogue
 * (lib/live-products.ts), asked for once a page for each product: the page's early script asks as
 * it draws the stored wishlist (early.ts), and the island reads the same answers when it takes
 * over instead of asking again. A product whose answer failed keeps its stored figures.
 */
import { atom } from 'nanostores';
import { liveProducts, type LiveResult } from '#lib/live-products.ts';

/** Each product's answer, by id, as they come in. */
export const $wishlistFigures = atom<ReadonlyMap<string, LiveResult>>(new Map());

const asked = new Set<string>();

/** Asks for the figures of the products among `ids` not asked for yet on this page. Must not throw. */
export function askFigures(ids: readonly string[]): void {
  const fresh = ids.filter((id) => !asked.has(id));
  if (fresh.length === 0) return;
  for (const id of fresh) asked.add(id);
  void liveProducts(fresh).then((found) => $wishlistFigures.set(new Map([...$wishlistFigures.get(), ...found])));
}
