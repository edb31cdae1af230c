/**
 * The product page's parts as strings (ProductDetails.astro puts them together): the gallery, the
 * buy column (name, rating, price, stock, description, the buy box form), the promises, the tabs
 * and the related products' section (the related cards and the Shipping panel are drawn by the
 * page's script: related-cards.ts, shipping-html.ts). Strings rather than some twenty components
 * a page: at 10,000 product pages the components' own cost was about a seventh of the build. Every
 * value from the product is escaped as Astro escapes it (lib/html.ts). The parts' longer styles
 * are named classes of the stylesheet (global.css), which every product page shares and caches,
 * so that each page's HTML stays within its budget.
 */
import { breadcrumbsHtml } from '#components/breadcrumbs.ts';
import { ICON_PATHS, iconHtml } from '#components/icons.ts';
import { pictureHtml } from '#components/picture.ts';
import { headlineLineHtml, headlineStarsHtml } from '#components/rating-headline.ts';
import { attr, escapeHtml as e } from '#lib/html.ts';
import { paths } from '#lib/paths.ts';
import type { Product } from '#lib/schemas/catalog.ts';
import { inStock } from '#lib/in-stock.ts';
import { builtCardSearchText } from '#lib/search-carried.ts';
import { islandJson } from '#components/islands/render.ts';
import { relatedCard, RELATED_CARDS_ATTRIBUTE } from './related-cards.ts';
import { stockBadgeHtml } from '#components/stock-badge.ts';
import { maxOrderQuantity, quantityNote } from './buy-rules.ts';
import { priceBoxHtml } from './price-box.ts';

/** The CSS in global.css knows five slides. */
const GALLERY_SLIDES = 5;

export function productBreadcrumbsHtml(product: Product): string {
  return breadcrumbsHtml([{ label: product.category, href: paths.category(product.categoryId) }, { label: product.name }]);
}

/** Image gallery with thumbnails, without JavaScript: each thumbnail is a radio label. */
export function galleryHtml(product: Product): string {
  const images = (product.images.length ? product.images : [product.image]).slice(0, GALLERY_SLIDES);
  const name = product.name;
  const radios = images.map((_, i) => `<input type="radio" name="gallery"${attr('id', `gallery-${i}`)} class="peer sr-only"${attr('checked', i === 0)}>`).join('');
  const slides = images
    .map(
      (src, i) =>
        `<div class="gallery-slide"${attr('data-index', i)}>` +
        pictureHtml({ src, alt: i === 0 ? name : `${name}, picture ${i + 1}`, sizes: '(min-width: 768px) 50vw, 100vw', class: 'gallery-image', eager: i === 0 }) +
        `</div>`,
    )
    .join('');
  const thumbs =
    images.length > 1
      ? `<div class="mt-3 flex gap-3" role="group" aria-label="Pictures">` +
        images
          .map(
            (src, i) =>
              `<label${attr('for', `gallery-${i}`)} class="gallery-thumb"${attr('data-index', i)}>` +
              `<span class="sr-only">Show picture ${i + 1}</span>${pictureHtml({ src, alt: '', sizes: '80px', class: 'gallery-image' })}</label>`,
          )
          .join('') +
        `</div>`
      : '';
  return `<div class="gallery" data-testid="gallery">${radios}<div class="gallery-slides">${slides}</div>${thumbs}</div>`;
}

/** The buy column's top: brand, name, rating headline, price, stock, the live notice, the description and the buy box form (buy-box.ts wires it). */
export function buyColumnHtml(product: Product): string {
  const maxQty = maxOrderQuantity(product.stock);
  const soldOut = !inStock(product.stock);
  const id = product._id;
  return (
    `<p class="product-brand">${e(product.brand)}</p>` +
    `<h1 class="product-name" data-item-name>${e(product.name)}</h1>` +
    `<div class="mt-2 flex flex-wrap items-center gap-2" data-rating-headline><span class="inline-flex" data-headline-stars${attr('hidden', product.numRatings === 0)}>${headlineStarsHtml(product)}</span>` +
    `<p class="text-sm text-stone-600" data-testid="rating-headline">${headlineLineHtml(product)}</p></div>` +
    `<div class="mt-4 flex flex-wrap items-center gap-3" data-price-box>${priceBoxHtml(product)}</div><div class="mt-3">${stockBadgeHtml(product.stock, 'text-xs')}</div>` +
    `<p class="live-notice hidden" role="status" data-live-notice></p>` +
    `<p class="mt-4 text-sm leading-6 text-stone-600">${e(product.description)}</p>` +
    `<form method="dialog" class="mt-6 space-y-3" data-buy-box${attr('data-max-qty', maxQty)}><div class="flex items-center gap-3"><label for="qty" class="text-sm font-medium text-stone-700">Quantity</label>` +
    `<div class="flex items-center rounded-xl border border-stone-300 bg-white"><button type="button" class="qty-step" aria-label="Decrease quantity" data-qty-step="-1" disabled>−</button>` +
    `<input id="qty" name="quantity" type="number" inputmode="numeric" min="1"${attr('max', Math.max(1, maxQty))} value="1" class="qty-input"${attr('disabled', soldOut)}>` +
    `<button type="button" class="qty-step" aria-label="Increase quantity" data-qty-step="1"${attr('disabled', maxQty <= 1)}>+</button></div>` +
    `<span class="${soldOut ? 'text-xs text-stone-500 hidden' : 'text-xs text-stone-500'}" data-max-text>${quantityNote(product.stock, 0)}</span></div>` +
    `<div class="grid grid-cols-2 gap-3"><button type="submit" class="buy-add"${attr('disabled', soldOut)}${attr('data-add-to-cart', id)}>${soldOut ? 'Out of Stock' : 'Add to Cart'}</button>` +
    `<button type="button" class="buy-now"${attr('disabled', soldOut)}${attr('data-buy-now', id)}>Buy Now</button></div>` +
    `<button type="button" class="buy-wish" aria-pressed="false"${attr('data-wishlist-toggle', id)}>` +
    `<svg viewBox="0 0 24 24" class="icon h-5 w-5" aria-hidden="true"><path d="${ICON_PATHS.heart}"></path></svg><span data-wish-text>Add to Wishlist</span></button></form>`
  );
}

const PROMISES = [
  { icon: 'truck', title: 'Free delivery', text: 'On every order, to your door' },
  { icon: 'return', title: '7-day returns', text: 'Easy returns within 7 days' },
  { icon: 'shield', title: '1-year warranty', text: 'On applicable products' },
] as const;

/**
 * The product page's promises: delivery, 7-day returns, 1-year warranty. Delivery is free on every
 * order (the cart and checkout charge none), as the footer promises. The same on every page.
 */
export const PROMISES_HTML =
  `<ul class="promises" data-testid="promises">` +
  PROMISES.map(
    (n) =>
      `<li class="flex flex-col items-center gap-1 px-1">${iconHtml(n.icon, 'h-5 w-5 text-brand-700')}<strong class="text-xs text-stone-900">${n.title}</strong><span class="promise-text">${n.text}</span></li>`,
  ).join('') +
  `</ul>`;

const TABS = ['Description', 'Specifications', 'Shipping'] as const;

/**
 * Description / Specifications / Shipping tabs, switched by radios (no JavaScript). The Shipping
 * panel, the same on every page, is left empty (`data-shipping-panel`) for the page's script to
 * fill (shipping-html.ts): its words are not shipped in every product page's HTML.
 */
export function productTabsHtml(product: Product): string {
  const spec = (name: string, value: string) => `<dt class="font-medium text-stone-500">${e(name)}</dt><dd>${e(value)}</dd>`;
  const panel = (tab: (typeof TABS)[number]) =>
    tab === 'Description'
      ? `<p>${e(product.description)}</p>`
      : tab === 'Specifications'
        ? `<dl class="spec-list">${spec('Brand', product.brand)}${spec('Category', product.category)}${product.specifications.map((s) => spec(s.name, s.value)).join('')}</dl>`
        : '';
  return (
    `<section class="tabset" aria-label="Product information">` +
    TABS.map(
      (tab, i) =>
        `<input type="radio" name="product-tabs"${attr('id', `tab-${i}`)} class="peer sr-only"${attr('checked', i === 0)}>` +
        `<label${attr('for', `tab-${i}`)} class="tab-label">${tab}</label>` +
        `<div class="tab-panel"${attr('data-shipping-panel', tab === 'Shipping')}>${panel(tab)}</div>`,
    ).join('') +
    `</section>`
  );
}

/** Each related product's card data as JSON, made once a build: a product is related to several others. */
const relatedJson = new Map<string, string>();

/**
 * 'You might also like': the heading, an empty place for each related product's card (a
 * `card-slot`, as tall as the card: global.css) and the cards' figures as JSON, from which the
 * page's script draws the cards (related-cards.ts; the page loads the cards' scripts itself). The
 * section is below the fold at every width and drawn by the page's first script, so its places
 * are empty boxes, not skeletons. `reuse` keeps each product's JSON for the build's other pages
 * (`astro dev` makes them each time, so edits show at once).
 */
export function relatedHtml(related: readonly Product[], reuse: boolean): string {
  if (related.length === 0) return '';
  const json = (p: Product) => {
    let text = reuse ? relatedJson.get(p._id) : undefined;
    if (text === undefined) {
      text = islandJson(relatedCard(p, builtCardSearchText));
      if (reuse) relatedJson.set(p._id, text);
    }
    return text;
  };
  return (
    `<section class="mt-12" aria-labelledby="related-heading" data-testid="related-products"><h2 id="related-heading" class="mb-4 text-xl font-bold text-stone-900">You might also like</h2>` +
    `<ul class="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4">${'<li class="card-slot"></li>'.repeat(related.length)}` +
    `<script type="application/json" ${RELATED_CARDS_ATTRIBUTE}>[${related.map(json).join(',')}]</script></ul></section>`
  );
}
