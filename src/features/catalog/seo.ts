/** Structured data for search engines (schema.org), from the app's own types. */
import { salePrice } from '#lib/money.ts';
import type { Product } from '#lib/schemas/catalog.ts';
import { inStock } from '#lib/in-stock.ts';

/** A product's schema.org data. Every item is sold new, schema.org's reading when no condition is given. */
export function productJsonLd(product: Product, url: string, site: URL): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product._id,
    category: product.category,
    brand: product.brand ? { '@type': 'Brand', name: product.brand } : undefined,
    image: product.images.map((src) => new URL(src, site).href),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'PKR',
      price: salePrice(product),
      availability: inStock(product.stock) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
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
