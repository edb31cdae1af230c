/**
 * The order pages' states, drawn two ways: by the pages' script before React (start-page.ts
 * writes orderPageHtml into the page's frame) and by the islands when they run (StatusPageView,
 * SuccessPageView). Both must be the same markup, so nothing changes when an island takes a page
 * over; and the markup escapes the order's values and keeps the personal details out of a
 * summary.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Order } from '#lib/schemas/orders.ts';
import type { TrackedState } from './early-order.ts';
import { StatusPageView } from './OrderStatusPage.tsx';
import { SuccessPageView } from './OrderSuccessPage.tsx';
import { ORDER_FRAME, orderLoadingHtml, orderPageHtml, STATUS_HEADING, SUCCESS_HEADING } from './order-views-html.ts';

const order: Order = {
  _id: 'a1b2c3d4e5f6a7b8c9d0e1f2',
  orderNumber: 'KR-7F3K-9Q2M',
  status: 'Shipped',
  statusHistory: [
    { status: 'Pending', at: '2026-11-20T08:00:00.000Z' },
    { status: 'Processing', at: '2026-11-20T10:30:00.000Z' },
    { status: 'Shipped', at: '2026-11-21T07:15:00.000Z' },
  ],
  paymentMethod: 'COD',
  totalAmount: 1170,
  itemCount: 3,
  isPaid: false,
  paidAt: null,
  isDelivered: false,
  deliveredAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T07:15:00.000Z',
  items: [
    { productId: 'p1', name: 'Tapal <Danedar> & "Family"', image: '/images/products/p-007.webp', price: 450, originalPrice: 500, quantity: 2, lineTotal: 900 },
    { productId: 'p2', name: "Rice O'Basmati", image: 'https://example.com/rice.jpg', price: 400, quantity: 1, lineTotal: 400 },
  ],
  subtotal: 1300,
  youSave: 130,
  shipping: 0,
  contactNumber: '03004445555',
  shippingAddress: { address: '7 Canal <View>', city: 'Lahore', province: 'Punjab', postalCode: '54000', country: 'Pakistan' },
  guestInfo: { name: 'Zainab <b>Qureshi</b>', email: 'zainab@example.com' },
  isGuest: true,
};
const { _id, items, subtotal, youSave, shipping, contactNumber, shippingAddress, guestInfo, isGuest, ...summary } = order;

const states: [string, string, TrackedState][] = [
  ['loading', order._id, { status: 'loading' }],
  ['the whole order', order._id, { status: 'found', tracked: { kind: 'order', order } }],
  ['a cancelled order', order._id, { status: 'found', tracked: { kind: 'order', order: { ...order, status: 'Cancelled', statusHistory: [...order.statusHistory, { status: 'Cancelled', at: '2026-11-22T09:00:00.000Z' }] } } }],
  ['the summary by number', order.orderNumber, { status: 'found', tracked: { kind: 'summary', summary } }],
  ['not found', 'KR-ZZZZ-ZZZZ', { status: 'not-found', message: 'Order not found.' }],
  ['no id in the address', '', { status: 'loading' }],
];

const framed = (html: string | undefined) => `<div class="${ORDER_FRAME}">${html}</div>`;
const retry = () => {};

describe('an order page drawn before React and by its island', () => {
  for (const [name, id, state] of states) {
    for (const signedIn of [false, true]) {
      it(`is the same markup on the status page: ${name}${signedIn ? ', signed in' : ''}`, () => {
        const drawn = orderPageHtml('order-status', id, state, signedIn);
        expect(drawn).toBeDefined();
        expect(renderToStaticMarkup(createElement(StatusPageView, { id, state, signedIn, onRetry: retry }))).toBe(framed(drawn));
      });
    }
    it(`is the same markup on the confirmation: ${name}`, () => {
      const drawn = orderPageHtml('success', id, state, false);
      expect(drawn).toBeDefined();
      expect(renderToStaticMarkup(createElement(SuccessPageView, { id, state, onRetry: retry }))).toBe(framed(drawn));
    });
  }

  it('starts as the loading state the static page holds', () => {
    expect(orderPageHtml('order-status', order._id, { status: 'loading' }, false)).toBe(orderLoadingHtml(STATUS_HEADING));
    expect(orderPageHtml('success', order._id, { status: 'loading' }, false)).toBe(orderLoadingHtml(SUCCESS_HEADING));
  });

  it('leaves a failed load to the island, which shows Try Again', () => {
    const failed: TrackedState = { status: 'failed', message: 'We could not load this order just now.' };
    expect(orderPageHtml('order-status', order._id, failed, false)).toBeUndefined();
    expect(orderPageHtml('success', order._id, failed, false)).toBeUndefined();
    const island = renderToStaticMarkup(createElement(StatusPageView, { id: order._id, state: failed, signedIn: false, onRetry: retry }));
    expect(island).toContain('data-testid="order-error"');
    expect(island).toContain('>Try Again</button>');
  });
});

describe('the order views', () => {
  it('escape every value from the order', () => {
    const html = orderPageHtml('success', order._id, { status: 'found', tracked: { kind: 'order', order } }, false)!;
    expect(html).toContain('Tapal &lt;Danedar&gt; &amp; &quot;Family&quot;');
    expect(html).toContain('Zainab &lt;b&gt;Qureshi&lt;/b&gt;');
    expect(html).toContain('7 Canal &lt;View&gt;<br>Lahore, Punjab 54000<br>Pakistan');
    expect(html).not.toContain('<b>');
  });

  it('show the timeline with the time of each step reached and the current one marked', () => {
    const html = orderPageHtml('order-status', order._id, { status: 'found', tracked: { kind: 'order', order } }, false)!;
    expect(html.match(/<time datetime=/g)).toHaveLength(3);
    expect(html).toContain('data-state="current" aria-current="step"');
    expect(html).toContain('Shipped<span class="ml-2 text-xs font-medium text-brand-700">Current</span>');
    expect(html).toContain('>Not yet</p>');
  });

  it('keep the name, address, phone, id and lines out of a summary, and point to the e-mail', () => {
    for (const signedIn of [false, true]) {
      const html = orderPageHtml('order-status', order.orderNumber, { status: 'found', tracked: { kind: 'summary', summary } }, signedIn)!;
      for (const secret of ['Zainab', 'Canal', '03004445555', order._id, 'Tapal']) expect(html).not.toContain(secret);
      expect(html).toContain('data-view="summary"');
      expect(html).toContain('They are in your confirmation e-mail');
      expect(html.includes('>sign in</a>')).toBe(!signedIn);
    }
  });
});
