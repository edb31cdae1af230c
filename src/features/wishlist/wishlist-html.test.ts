/**
 * The wishlist drawn before React and the island's rendering of the same wishlist are one markup:
 * the early script writes wishlistBodyHtml into the island's body, and the island's hydrating
 * render of that state is WishlistBody, which must be the very same (React adopts the drawn
 * elements as they are and would not notice a difference inside a card). The card's picture, price
 * and stock badge are the shared pieces', not copies of them.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WishlistItem } from '#lib/schemas/cart.ts';
import { pictureHtml } from '#components/picture.ts';
import { priceHtml } from '#components/price.ts';
import { stockBadgeHtml } from '#components/stock-badge.ts';
import { WishlistBody } from './WishlistView.tsx';
import { shownItems } from './rules.ts';
import { wishlistBodyHtml, wishlistCardHtml } from './wishlist-html.ts';

const discounted: WishlistItem = { _id: 'p-007', name: 'Dawn Bread & "Butter"', price: 200, discount: 50, image: '/images/products/p-007.webp', stock: 30 };
const soldOut: WishlistItem = { _id: 'p-003', name: "O'Hara <Tea>", price: 480, discount: 0, image: 'https://example.com/tea.jpg', stock: 0 };
const fewLeft: WishlistItem = { _id: 'p-011', name: 'Rice', price: 300, discount: 0, image: '', stock: 2 };

describe('the wishlist drawn early and rendered by the island', () => {
  const cases: [string, WishlistItem[]][] = [
    ['empty', []],
    ['one discounted item', [discounted]],
    ['sold out, few left and escaped names', [discounted, soldOut, fewLeft]],
  ];
  for (const [name, items] of cases) {
    it(`is the same markup: ${name}`, () => {
      expect(renderToString(createElement(WishlistBody, { items }))).toBe(wishlistBodyHtml(items));
    });
  }

  it("is the same with today's figures applied, a product no longer sold shown as sold out", () => {
    const answers = new Map([
      [discounted._id, { kind: 'found' as const, product: { price: 220, discount: 0, stock: 0 } }],
      [fewLeft._id, { kind: 'missing' as const }],
      [soldOut._id, { kind: 'failed' as const }],
    ]);
    const shown = shownItems([discounted, soldOut, fewLeft], answers);
    expect(shown.map((i) => [i.price, i.discount, i.stock])).toEqual([[220, 0, 0], [480, 0, 0], [300, 0, 0]]);
    expect(renderToString(createElement(WishlistBody, { items: shown }))).toBe(wishlistBodyHtml(shown));
    expect(wishlistBodyHtml(shown)).toContain('3 item(s) in your wishlist');
  });
});

describe('a wishlist card', () => {
  it("is made of the shared picture, price and stock badge, and its buttons say what they do", () => {
    const card = wishlistCardHtml(discounted);
    expect(card).toContain(pictureHtml({ src: discounted.image, alt: '', sizes: '240px', class: 'card-image' }));
    expect(card).toContain(priceHtml(200, 50));
    expect(card).toContain(stockBadgeHtml(30));
    expect(card).toContain('aria-label="Remove Dawn Bread &amp; &quot;Butter&quot; from wishlist" data-wishlist-remove="p-007"');
    expect(card).toContain('<button type="button" class="card-cart" data-wishlist-move="p-007">Move to Cart</button>');
  });

  it('cannot move a sold-out item, and says why', () => {
    const card = wishlistCardHtml(soldOut);
    expect(card).toContain('<button type="button" class="card-cart" disabled aria-describedby="wishlist-out-p-003" data-wishlist-move="p-003">Out of Stock</button>');
    expect(card).toContain('<p id="wishlist-out-p-003" class="mt-1 text-xs text-stone-600">Out of stock: it can&#39;t be moved to the cart.</p>');
    expect(card).toContain('O&#39;Hara &lt;Tea&gt;');
  });
});
