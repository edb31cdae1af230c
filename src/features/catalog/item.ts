/**
 * What the cart and wishlist keep of a product (a WishlistItem). Cards and the product page carry
 * it in their own markup, each field once: the id as `data-product-id`, the name as the text of
 * `[data-item-name]`, the picture as the first `img`'s `src` (the largest width: the stored URL),
 * and in `data-item` only the figures the markup does not hold as they are: "price discount stock"
 * (itemData). itemIn reads it back. A copy of the whole item as JSON in every card was a tenth of
 * a category page's gzipped HTML.
 * Apart from the wishlist's rules: the search and category islands' cards need this and none of
 * the rules (which share a chunk with the lists' actions, astro.config.mjs).
 */
import { WishlistItemSchema, type WishlistItem } from '#lib/schemas/cart.ts';

export function itemOf(p: { _id: string; name: string; price: number; discount: number; images: string[]; image: string; stock: number }): WishlistItem {
  return { _id: p._id, name: p.name, price: p.price, discount: p.discount, image: p.images[0] ?? p.image, stock: p.stock };
}

/** A holder's `data-item`: the price, discount and stock, space-separated. */
export function itemData(p: { price: number; discount: number; stock: number }): string {
  return `${p.price} ${p.discount} ${p.stock}`;
}

/**
 * The item an element with `data-item` holds, or undefined when a field is missing or malformed.
 * A picture swapped for the placeholder (BaseLayout's fallback) keeps its own URL in `data-fallback`.
 */
export function itemIn(holder: HTMLElement): WishlistItem | undefined {
  const [price, discount, stock] = (holder.dataset.item ?? '').split(' ').map((n) => (n === '' ? NaN : Number(n)));
  const img = holder.querySelector('img');
  const parsed = WishlistItemSchema.safeParse({
    _id: holder.closest<HTMLElement>('[data-product-id]')?.dataset.productId,
    name: holder.querySelector('[data-item-name]')?.textContent?.trim(),
    price,
    discount,
    stock,
    image: img ? img.dataset.fallback || img.getAttribute('src') : undefined,
  });
  return parsed.success ? parsed.data : undefined;
}
