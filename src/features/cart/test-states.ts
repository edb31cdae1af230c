/**
 * Cart states for the tests that hold the cart's and the checkout summary's two renderings (drawn
 * before React, and React's first render over the drawing) to the same markup: lines, re-check
 * results, and the states every such test goes through.
 */
import type { CartLine } from '#lib/schemas/cart.ts';
import type { CheckResult, LineNotice } from './recheck.ts';
import type { RecheckState } from './view-state.ts';

export const line = (n: number, over: Partial<CartLine> = {}): CartLine => ({
  productId: `p-${n}`,
  productTitle: `Product ${n}`,
  price: 100 * n,
  quantity: 1,
  images: [`/images/products/p-00${n}.webp`],
  ...over,
});
export const found = (price: number, stock: number, discount = 0): CheckResult => ({ kind: 'found', product: { price, discount, stock } });
export const recheck = (results: [string, CheckResult][] = [], notices: [string, LineNotice][] = [], checking = false): RecheckState => ({
  results: new Map(results),
  priceNotices: new Map(notices),
  checking,
});

/** React writes an apostrophe as &#x27;, the shared escaping as &#39;: the same character. */
export const same = (html: string) => html.replaceAll('&#x27;', '&#39;');

/** The states both renderings must agree on, whichever page draws them. */
export const SHARED_CASES: [string, CartLine[], RecheckState][] = [
  ['empty', [], recheck()],
  [
    'every notice: a price change, short, out of stock, no longer sold',
    [line(1, { quantity: 5 }), line(2), line(4), line(5, { price: 450 })],
    recheck(
      [
        ['p-1', found(100, 3)],
        ['p-2', found(200, 0)],
        ['p-4', { kind: 'missing' }],
        ['p-5', found(500, 10)],
      ],
      [['p-5', { kind: 'price', from: 450, to: 500 }]],
    ),
  ],
  ['the check failed', [line(6)], recheck([['p-6', { kind: 'failed' }]])],
];
