/** One wishlisted product in the island's list: an `<li>` holding wishlist-html.ts's card (the markup the early script draws). */
import type { WishlistItem } from '#lib/schemas/cart.ts';
import { wishlistCardHtml } from './wishlist-html.ts';

export function WishlistCard({ item }: { item: WishlistItem }) {
  return <li dangerouslySetInnerHTML={{ __html: wishlistCardHtml(item) }} />;
}
