/**
 * A product card's markup, the one source of it: the static card (ProductCard.astro, ~50,000 at
 * build for 10,000 products), the islands' cards (ProductResults) and the search page's cards drawn
 * from the early reply before React has loaded (features/search/early-results.ts) are all this
 * string, and its picture, stars and price are the shared pieces' (components/picture.ts, stars.ts,
 * price.ts). So a card drawn early is, byte for byte, the card the island shows in its place, and
 * the page-wide delegated handler (card-buttons.ts) wires every card's heart
 * (`button[data-wishlist-toggle]`) and Add to Cart (`button[data-add-to-cart]`, reading
 * `data-item`) alike.
 *
 * A string rather than a component: the build renders it faster than a component with children
 * (each nested component cost as much as the markup it holds), and the browser can draw it without
 * React. `layout: 'list'` is the horizontal variant of the search and category list views: the
 * same elements, with the picture beside the text.
 */
import { escapeHtml } from '#lib/html.ts';
import { discountPercent } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { formatCount } from '#lib/ratings.ts';
import { inStock } from '#lib/in-stock.ts';
import { pictureHtml } from '#components/picture.ts';
import { priceHtml } from '#components/price.ts';
import { starsImageHtml } from '#components/stars.ts';
import { ICON_PATHS } from '#components/icons.ts';
import { cardSearchText } from '#lib/search-carried.ts';
import { itemData } from './item.ts';
import { stockBadge } from '#components/stock-badge.ts';

/** What a card shows of a product: the listings' fields (listing-api's ListedProduct), a whole Product too. */
export interface CardProduct {
  _id: string;
  name: string;
  description: string;
  category: string;
  brand: string;
  price: number;
  discount: number;
  stock: number;
  rating: number;
  numRatings: number;
  images: string[];
  image: string;
}

export type CardLayout = 'grid' | 'list';

export interface CardOptions {
  layout?: CardLayout;
  /** The first cards of a page: their pictures load at once. */
  eager?: boolean;
  /** `data-search` (the suggestions' last resort matches the cards on the page); the build passes its memoised one. */
  searchText?: (product: CardProduct) => string;
}

const SIZES: Record<CardLayout, string> = { grid: '(min-width: 1280px) 220px, (min-width: 768px) 25vw, 50vw', list: '160px' };

/** The card's `<article>`; every value from the product escaped. */
export function productCardHtml(product: CardProduct, { layout = 'grid', eager = false, searchText = cardSearchText }: CardOptions = {}): string {
  const e = escapeHtml;
  const list = layout === 'list';
  const percent = discountPercent(product);
  const soldOut = !inStock(product.stock);
  const href = e(paths.product(product._id));
  const id = e(product._id);
  const badge = stockBadge(product.stock);
  const rating =
    product.numRatings > 0
      ? `<span class="inline-flex items-center gap-1">${starsImageHtml(product.rating)}<span class="text-xs text-stone-500" data-testid="card-rating">(${e(formatCount(product.numRatings))}<span class="sr-only"> ${product.numRatings === 1 ? 'rating' : 'ratings'}</span>)</span></span>`
      : '<span class="text-xs text-stone-500" data-testid="card-rating">No ratings yet</span>';
  return (
    `<article class="${list ? 'card group flex-row' : 'card group'}" data-testid="product-card" data-product-id="${id}" data-item="${e(itemData(product))}" data-search="${e(searchText(product))}">` +
    `<a href="${href}" class="${list ? 'card-media w-28 shrink-0 self-start sm:w-40' : 'card-media'}" tabindex="-1" aria-hidden="true">` +
    pictureHtml({ src: product.images[0] ?? product.image, alt: '', sizes: SIZES[layout], class: 'card-image', eager, priority: false }) +
    (percent > 0 ? `<span class="card-discount">-${percent}%</span>` : '') +
    `</a><button type="button" class="card-wish" aria-label="Add ${e(product.name)} to wishlist" aria-pressed="false" data-wishlist-toggle="${id}"><svg viewBox="0 0 24 24" class="icon h-5 w-5" aria-hidden="true"><path d="${ICON_PATHS.heart}"></path></svg></button>` +
    `<div class="${list ? 'card-body min-w-0 pr-12' : 'card-body'}"><p class="card-brand">${e(product.brand)}</p>` +
    `<h3 class="${list ? 'card-title min-h-0' : 'card-title'}"><a href="${href}" class="card-link" data-item-name>${e(product.name)}</a></h3>` +
    rating +
    priceHtml(product.price, product.discount) +
    `<div class="mt-auto pt-1"><span class="${badge.className}" data-testid="stock-badge">${e(badge.label)}</span></div>` +
    `<button type="button" class="${list ? 'card-cart sm:w-auto sm:self-start sm:px-6' : 'card-cart'}"${soldOut ? ' disabled' : ''} data-add-to-cart="${id}">${soldOut ? 'Out of Stock' : 'Add to Cart'}</button>` +
    `</div></article>`
  );
}
