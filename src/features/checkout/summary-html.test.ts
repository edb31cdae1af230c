/**
 * The checkout's order summary, two renderings of one state: what the page draws before React
 * (summary-html.ts's orderSummaryHtml) and the island's first render over it (CheckoutOrderSummary
 * with that drawing, rendered by react-dom/server) must be the same markup, or hydrating the drawn
 * summary would change it. And a 409's conflicts show as the re-check's notices do.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '#lib/schemas/cart.ts';
import { RECHECK_TEXT, type RecheckState } from '#features/cart/view-state.ts';
import { found, line, recheck, same, SHARED_CASES } from '#features/cart/test-states.ts';
import CheckoutOrderSummary from './CheckoutOrderSummary.tsx';
import { orderSummaryHtml } from './summary-html.ts';
import { SUMMARY_FAILED, summaryState } from './summary-state.ts';


const cases: [string, CartLine[], RecheckState][] = [
  ...SHARED_CASES,
  ['checking, a discounted line, a title to escape, no picture', [line(1, { originalPrice: 150, quantity: 2 }), line(2, { productTitle: `Tea 'n' "Rusk" & <Co>`, images: [] })], recheck([], [], true)],
];

describe('the order summary drawn before React', () => {
  for (const [name, lines, state] of cases) {
    it(`is what the island renders over it: ${name}`, () => {
      const drawn = { lines, recheck: state, asked: lines.map((l) => l.productId) };
      const island = renderToString(createElement(CheckoutOrderSummary, { drawn }));
      expect(same(island)).toBe(same(orderSummaryHtml(summaryState(lines, state))));
    });
  }

  it('says what the re-check found, holds Place Order back, and shows the form only with something to order', () => {
    expect(summaryState([line(1)], recheck([], [], true)).status).toBe(RECHECK_TEXT.checking);
    expect(summaryState([line(1)], recheck([['p-1', { kind: 'failed' }]])).status).toBe(SUMMARY_FAILED);
    const out = summaryState([line(1), line(2)], recheck([['p-2', found(200, 0)]]));
    expect(out.blocked).toBe('Remove the items that are not available to proceed to checkout.');
    expect(summaryState([line(1), line(2)], recheck([['p-2', found(200, 0)]]), new Map(), true).blocked).toBeUndefined();
    expect(summaryState([], recheck()).showForm).toBe(false);
    expect(summaryState([], recheck(), new Map(), true).showForm).toBe(true);
  });

  it("a 409's conflict flags its line and offers its controls", () => {
    const state = summaryState([line(1, { quantity: 4 })], recheck(), new Map([['p-1', { productId: 'p-1', name: 'Product 1', reason: 'short', available: 2, requestedQuantity: 4 }]]));
    expect(state.editable).toEqual([true]);
    const html = orderSummaryHtml(state);
    expect(html).toContain('Only 2 left');
    expect(html).toContain('aria-label="Decrease quantity of Product 1"');
    expect(html).toContain('Remove<span class="sr-only"> Product 1</span>');
  });
});
