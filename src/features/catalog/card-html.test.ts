/**
 * productCardHtml: the markup the page-wide card handler and the styles expect, on static pages,
 * in the islands and in the search page's early cards alike (e2e/category-controls.spec.ts
 * compares a static card with an island's on a built page).
 */
import { describe, expect, it } from 'vitest';
import { itemData } from '#features/catalog/item.ts';
import { escapeHtml } from '#lib/html.ts';
import { productCardHtml } from './card-html.ts';
import { product } from './test-products.ts';

const bread = product(7, { name: 'Dawn Bread & Butter', price: 200, discount: 50, stock: 3, images: ['/images/products/p-007.webp'] });

describe('productCardHtml', () => {
  it('carries data-product-id, data-item (price, discount, stock), the name to keep and the two delegated buttons', () => {
    const html = productCardHtml(bread);
    expect(html).toMatch(/^<article class="card group" data-testid="product-card" data-product-id="p-007"/);
    expect(/data-item="([^"]+)"/.exec(html)![1]).toBe(itemData(bread));
    expect(itemData(bread)).toBe('200 50 3');
    expect(html).toContain('class="card-link" data-item-name>Dawn Bread &amp; Butter</a>');
    expect(html).toContain('<button type="button" class="card-wish" aria-label="Add Dawn Bread &amp; Butter to wishlist" aria-pressed="false" data-wishlist-toggle="p-007">');
    expect(html).toContain('<button type="button" class="card-cart" data-add-to-cart="p-007">Add to Cart</button>');
  });

  it('shows the sale price, the struck original, the discount, stock badge and product links', () => {
    const html = productCardHtml(bread);
    expect(html).toContain('<span class="font-semibold text-stone-900" data-testid="price">Rs. 150</span>');
    expect(html).toContain('<s class="price-was text-xs"><span class="sr-only">Was </span>Rs. 200</s>');
    expect(html).toContain('<span class="card-discount">-25%</span>');
    expect(html).toContain('data-testid="stock-badge">Only 3 left!</span>');
    expect(html.match(/href="\/product\/p-007\/"/g)).toHaveLength(2);
    expect(html).toContain('<source type="image/avif" srcset="/images/products/p-007-200.avif 200w');
    expect(html).toContain('loading="lazy"');
    expect(productCardHtml(bread, { eager: true })).toContain('loading="eager"');
  });

  it('is Out of Stock and disabled at 0 stock, and says No ratings yet without ratings', () => {
    const html = productCardHtml(product(3, { stock: 0, numRatings: 0 }));
    expect(html).toContain('<button type="button" class="card-cart" disabled data-add-to-cart="p-003">Out of Stock</button>');
    expect(html).toContain('data-testid="card-rating">No ratings yet</span>');
    expect(html).not.toContain('card-discount');
  });

  it('escapes every value from the product, in text and in attributes', () => {
    const html = productCardHtml(product(9, { _id: 'x"><script>', name: '<img src=x onerror=alert(1)>', brand: "O'Hara & Sons", category: '"quoted"' }));
    expect(html).not.toMatch(/<script>|<img src=x/);
    expect(html).toContain('data-product-id="x&quot;&gt;&lt;script&gt;"');
    expect(html).toContain('<p class="card-brand">O&#39;Hara &amp; Sons</p>');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it('list layout keeps every element, with the picture beside the text', () => {
    const grid = productCardHtml(bread);
    const list = productCardHtml(bread, { layout: 'list' });
    expect(list).toMatch(/^<article class="card group flex-row"/);
    const skeleton = (html: string) => html.replace(/ class="[^"]*"| sizes="[^"]*"/g, '');
    expect(skeleton(list)).toBe(skeleton(grid));
  });
});
