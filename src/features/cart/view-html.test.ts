/**
 * The cart page, two renderings of one state: what the page draws before React (view-html.ts's
 * cartViewHtml) and the island's first render over it (CartPage with that drawing, rendered by
 * react-dom/server) must be the same markup, or hydrating the drawn page would change it. And the
 * pieces the checkout shares (the stepper, the figures) are the same string either way.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '#lib/schemas/cart.ts';
import { basketTotals } from '#lib/money.ts';
import { lineQuantityCap } from '#lib/line-cap.ts';
import CartPage from './CartPage.tsx';
import { BasketFigures } from './BasketFigures.tsx';
import { QuantityStepper } from './QuantityStepper.tsx';
import { basketFiguresHtml } from './figures-html.ts';
import { stepperHtml } from './line-html.ts';
import { cartViewHtml } from './view-html.ts';
import { cartViewState, RECHECK_TEXT, type RecheckState } from './view-state.ts';
import { found, line, recheck, same, SHARED_CASES } from './test-states.ts';


const cases: [string, CartLine[], RecheckState][] = [
  ...SHARED_CASES,
  ['checking, a discounted line and a foreign picture', [line(1, { originalPrice: 150, quantity: 2 }), line(2, { images: ['https://example.com/a.jpg'] })], recheck([], [], true)],
  ['a title to escape, no picture', [line(3, { productTitle: `Rooh Afza "Special" & <Kids'> Pack`, images: [] })], recheck([['p-3', found(300, 9)]])],
  ['at the line cap, and at the stock', [line(7, { quantity: lineQuantityCap() }), line(8, { quantity: 4 })], recheck([['p-8', found(800, 4)]])],
];

describe('the cart page drawn before React', () => {
  for (const [name, lines, state] of cases) {
    it(`is what the island renders over it: ${name}`, () => {
      const drawn = { lines, recheck: state, asked: lines.map((l) => l.productId) };
      const island = renderToString(createElement(CartPage, { drawn }));
      expect(same(island)).toBe(same(cartViewHtml(cartViewState(lines, state))));
    });
  }

  it('says what the re-check found', () => {
    expect(cartViewState([line(1)], recheck([], [], true)).status).toBe(RECHECK_TEXT.checking);
    expect(cartViewState([line(1)], recheck([['p-1', { kind: 'failed' }]])).status).toBe(RECHECK_TEXT.failed);
    const moved = cartViewState([line(1), line(2)], recheck([['p-2', found(200, 0)]]));
    expect(moved.status).toBe(RECHECK_TEXT.changed);
    expect(moved.totals).toEqual(basketTotals([line(1)]));
    expect(moved.blocked).toBe('Remove the items that are not available to proceed to checkout.');
  });
});

describe('the pieces the checkout shares', () => {
  it('the stepper is one markup', () => {
    for (const [quantity, max] of [[1, undefined], [3, 3], [2, 9]] as const) {
      const island = renderToString(createElement(QuantityStepper, { title: `Tea 'n' "Rusk"`, quantity, max, onStep: () => {} }));
      expect(same(island)).toBe(same(stepperHtml(`Tea 'n' "Rusk"`, quantity, max)));
    }
  });

  it('the figures are one markup', () => {
    const totals = basketTotals([line(1, { quantity: 3 }), line(2)]);
    expect(renderToString(createElement(BasketFigures, { totals, className: 'mt-2' }))).toBe(basketFiguresHtml(totals, 'mt-2'));
  });
});
