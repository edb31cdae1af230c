/**
 * GET /api/products/live?ids=a,b,…: what changes while a page is open (price, discount, stock) for up
 * to MAX_LIVE_IDS products in one request: the buy box, the cart's re-check, the wishlist's refresh.
 * Products the catalogue does not know are left out of the reply. Shared by the API and the browser
 * (which must not load the full zod: this module has no imports).
 */
export const MAX_LIVE_IDS = 100;

/** A product's figures that change while a page is open. */
export interface LiveFigures {
  price: number;
  discount: number;
  stock: number;
}

/** One product's figures in the reply. */
export interface LiveProduct extends LiveFigures {
  _id: string;
}
