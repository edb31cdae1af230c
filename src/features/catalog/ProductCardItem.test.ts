/**
 * One card, three renderings: the static pages (ProductCard.astro writes productCardHtml), the
 * islands (ProductCardItem) and the search page's early cards (early-cards.ts draws
 * productCardHtml into `<li>`s) must be the same markup, and the card's picture, stars and price
 * must be the shared pieces' (components/picture.ts, stars.ts, price.ts), not copies of them.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pictureHtml } from '#components/picture.ts';
import { priceHtml } from '#components/price.ts';
import { starsImageHtml } from '#components/stars.ts';
import ProductCardItem from './ProductCardItem.tsx';
import { productCardHtml, type CardLayout } from './card-html.ts';
import { product } from './test-products.ts';

const cases = [
  ['rated, discounted, few left, our artwork', product(7, { name: 'Dawn Bread & "Butter"', price: 200, discount: 50, stock: 3, rating: 4.3, numRatings: 1234, images: ['/images/products/p-007.webp'] })],
  ['sold out, no ratings, a foreign picture', product(3, { brand: "O'Hara <Sons>", stock: 0, numRatings: 0, images: ['https://example.com/tea.jpg'] })],
  ['no picture at all', product(11, { images: [], image: '' })],
] as const;

describe('a product card', () => {
  for (const [name, p] of cases) {
    for (const layout of ['grid', 'list'] as CardLayout[]) {
      for (const eager of [false, true]) {
        it(`is the same in an island as on a static page and drawn early: ${name}, ${layout}${eager ? ', eager' : ''}`, () => {
          const island = renderToString(createElement(ProductCardItem, { product: p, layout, eager }));
          expect(island).toBe(`<li>${productCardHtml(p, { layout, eager })}</li>`);
        });
      }
    }
  }

  it("is made of the shared picture, stars and price, the picture eager without taking the page's first place", () => {
    const [, p] = cases[0];
    const html = productCardHtml(p, { eager: true });
    expect(html).toContain(pictureHtml({ src: p.images[0], alt: '', sizes: '(min-width: 1280px) 220px, (min-width: 768px) 25vw, 50vw', class: 'card-image', eager: true, priority: false }));
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain('fetchpriority');
    expect(html).toContain(starsImageHtml(p.rating));
    expect(html).toContain(priceHtml(p.price, p.discount));
  });
});
