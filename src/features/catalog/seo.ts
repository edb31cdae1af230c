/** Structured data for search engines (schema.org), from the app's own types. */
import { isPictureAddress, pictureAddresses } from '#lib/picture-address.ts';
import type { Product } from '#lib/schemas/catalog.ts';

/** The picture pages name when they have none of their own (or only one they may not name). */
export const DEFAULT_SHARE_PICTURE = '/images/hero/hero-1-1440.webp';

/**
 * A picture's absolute URL for meta tags: the store's own pictures and https: addresses only
 * (picture-address.ts), whatever a stored row holds; anything else gives the default picture.
 */
export function sharePictureUrl(src: string | undefined, site: URL | string): string {
  return new URL(src !== undefined && isPictureAddress(src) ? src : DEFAULT_SHARE_PICTURE, site).href;
}

/**
 * A product's schema.org data: only what a change rebuilds the page for. Price, discount and stock
 * change without a rebuild (the page reads them live), so no Offer is written: a price or an
 * availability in the HTML would soon contradict what the page shows. The rating comes from the
 * written reviews, and a review does rebuild the page.
 */
export function productJsonLd(product: Product, site: URL): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product._id,
    category: product.category,
    brand: product.brand ? { '@type': 'Brand', name: product.brand } : undefined,
    // Only the addresses a page may name, whatever a stored row holds (picture-address.ts).
    image: pictureAddresses(product.images).map((src) => new URL(src, site).href),
    // ratingCount counts every rating; reviewCount only those written out. The scale is schema.org's
    // default (bestRating 5, worstRating 1), so it is not written: 10,000 pages carry this.
    aggregateRating:
      product.numRatings > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            ratingCount: product.numRatings,
            reviewCount: product.numWrittenReviews,
          }
        : undefined,
  };
}

/** A description for meta tags: the product's own words, cut at a word near 155 characters. */
export function metaDescription(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, clean.lastIndexOf(' ', max - 1))}…`;
}
