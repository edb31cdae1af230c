/**
 * ProductCardView renders the markup the page-wide card handler and the styles expect (the
 * same as ProductCard.astro; e2e/category-controls.spec.ts compares the two on a built page).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { itemData } from '#features/catalog/item.ts';
import ProductCardView from './ProductCardView.tsx';
import { product } from './test-products.ts';

const render = (p = product(7, { name: 'Dawn Bread & Butter', price: 200, discount: 50, stock: 3, images: ['/images/products/p-007.webp'] }), layout: 'grid' | 'list' = 'grid') => {
  const host = renderToStaticMarkup(createElement(ProductCardView, { product: p, layout }));
  return { p, html: host };
};

describe('ProductCardView', () => {
  it('carries data-product-id, data-item (price, discount, stock), the name to keep and the two delegated buttons', () => {
    const { p, html } = render();
    expect(html).toMatch(/^<article class="card group" data-testid="product-card" data-product-id="p-007"/);
    expect(/data-item="([^"]+)"/.exec(html)![1]).toBe(itemData(p));
    expect(itemData(p)).toBe('200 50 3');
    expect(html).toContain('class="card-link" data-item-name="">Dawn Bread &amp; Butter</a>');
    expect(html).toContain('<button type="button" class="card-wish" aria-label="Add Dawn Bread &amp; Butter to wishlist" aria-pressed="false" data-wishlist-toggle="p-007">');
    expect(html).toContain('<button type="button" class="card-cart" data-add-to-cart="p-007">Add to Cart</button>');
  });

  it('shows the sale price, the struck original, the discount, stock badge and product links', () => {
    const { html } = render();
    expect(html).toContain('<span class="font-semibold text-stone-900" data-testid="price">Rs. 150</span>');
    expect(html).toContain('<s class="price-was text-xs"><span class="sr-only">Was </span>Rs. 200</s>');
    expect(html.replace(/<!-- -->/g, '')).toContain('<span class="card-discount">-25%</span>');
    expect(html).toContain('data-testid="stock-badge">Only 3 left!</span>');
    expect(html.match(/href="\/product\/p-007\/"/g)).toHaveLength(2);
    expect(html).toContain('<source type="image/avif" srcSet="/images/products/p-007-200.avif 200w');
  });

  it('is Out of Stock and disabled at 0 stock, and says No ratings yet without ratings', () => {
    const { html } = render(product(3, { stock: 0, numRatings: 0 }));
    expect(html).toContain('<button type="button" class="card-cart" disabled="" data-add-to-cart="p-003">Out of Stock</button>');
    expect(html).toContain('data-testid="card-rating">No ratings yet</span>');
  });

  it('list layout keeps every element, with the picture beside the text', () => {
    const grid = render().html;
    const list = render(undefined, 'list').html;
    expect(list).toMatch(/^<article class="card group flex-row"/);
    const skeleton = (html: string) => html.replace(/ class="[^"]*"| sizes="[^"]*"/g, '');
    expect(skeleton(list)).toBe(skeleton(grid));
  });
});
