/**
 * What the cart and wishlist keep of a product; cards and the product page carry it as `data-item`.
 * Apart from the wishlist's rules: the search and category islands' cards need this and none of
 * the rules (which share a chunk with the lists' actions, astro.config.mjs).
 */
import type { WishlistItem } from '#lib/schemas/cart.ts';

export function itemOf(p: { _id: string; name: string; price: number; discount: number; images: string[]; image: string; stock: number }): WishlistItem {
  return { _id: p._id, name: p.name, price: p.price, discount: p.discount, image: p.images[0] ?? p.image, stock: p.stock };
}
