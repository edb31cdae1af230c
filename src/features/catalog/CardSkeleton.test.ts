/**
 * A skeleton card holds the card's boxes (card-html.ts) in the same order with the same classes, so a
 * grid of skeletons is as high as the grid of cards that replaces it (the boxes themselves are
 * compared in a browser by e2e/search-page-loading.spec.ts).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import CardSkeleton from './CardSkeleton.tsx';
import { productCardHtml } from './card-html.ts';
import { product } from './test-products.ts';

/** The card's own classes (global.css) in document order: the boxes that give a card its height. */
const boxes = (html: string) =>
  [...html.matchAll(/class="([^"]*)"/g)].flatMap(([, list]) => list.split(' ').filter((c) => /^(card(-media|-body|-brand|-title|-cart)?|stars|badge|min-h-0|flex-row|mt-auto|pt-1)$/.test(c)));

describe('CardSkeleton', () => {
  for (const layout of ['grid', 'list'] as const) {
    it(`has a ${layout} card's boxes, in order`, () => {
      const card = productCardHtml(product(1, { numRatings: 3, stock: 20 }), { layout });
      const skeleton = renderToStaticMarkup(createElement(CardSkeleton, { layout }));
      // The card's badges over the picture (discount, heart) take no height of their own.
      expect(boxes(skeleton)).toEqual(boxes(card).filter((c) => c !== 'card-discount'));
      expect(skeleton).toContain('aria-hidden="true"');
    });
  }
});
