/**
 * The order pages' states as their own script draws them (start-page.ts writes orderPageHtml into
 * the page's frame, with no React): the loading state is the one the page is built with, a failed
 * load carries the Try Again the script listens for, every value from the order is escaped, the
 * timeline marks each step reached, a summary keeps the personal details out.
 */
import { describe, expect, it } from 'vitest';
import type { Order } from '#lib/schemas/orders.ts';
import type { TrackedState } from './page-state.ts';
import { ORDER_RETRY_ATTRIBUTE, orderLoadingHtml, orderPageHtml, STATUS_HEADING, SUCCESS_HEADING } from './order-views-html.ts';

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

describe('an order page', () => {
  it('starts as the loading state the static page holds', () => {
    expect(orderPageHtml('order-status', order._id, { status: 'loading' }, false)).toBe(orderLoadingHtml(STATUS_HEADING));
    expect(orderPageHtml('success', order._id, { status: 'loading' }, false)).toBe(orderLoadingHtml(SUCCESS_HEADING));
  });

  it('shows the whole order, the summary, or Order not found with the form, each under one heading', () => {
    const found: TrackedState = { status: 'found', tracked: { kind: 'order', order } };
    const cases: [string, string][] = [
      [orderPageHtml('success', order._id, found, false), 'data-testid="order-success"'],
      [orderPageHtml('order-status', order._id, found, false), 'data-testid="order-status" data-view="order"'],
      [orderPageHtml('order-status', order.orderNumber, { status: 'found', tracked: { kind: 'summary', summary } }, false), 'data-view="summary"'],
      // The confirmation is of a whole order only.
      [orderPageHtml('success', order.orderNumber, { status: 'found', tracked: { kind: 'summary', summary } }, false), 'data-testid="order-not-found"'],
      [orderPageHtml('order-status', 'KR-ZZZZ-ZZZZ', { status: 'not-found', message: 'Order not found.' }, false), 'data-testid="order-not-found"'],
      [orderPageHtml('success', '', { status: 'loading' }, false), 'data-testid="order-not-found"'],
    ];
    for (const [html, mark] of cases) {
      expect(html).toContain(mark);
      expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    }
    expect(cases[4][0]).toContain('<form method="get" action="/OrderStatus/"');
  });

  it('says a load failed, with Try Again for the page script to ask again', () => {
    const html = orderPageHtml('order-status', order._id, { status: 'failed', message: 'We could not load this order just now.' }, false);
    expect(html).toContain('data-testid="order-error"');
    expect(html).toContain('We could not load this order just now.');
    expect(html).toContain(`<button type="button" ${ORDER_RETRY_ATTRIBUTE} `);
    expect(html).toMatch(/<h1 class="[^"]+">Track Your Order<\/h1>/);
  });
});

describe('the order views', () => {
  it('escape every value from the order', () => {
    const html = orderPageHtml('success', order._id, { status: 'found', tracked: { kind: 'order', order } }, false);
    expect(html).toContain('Tapal &lt;Danedar&gt; &amp; &quot;Family&quot;');
    expect(html).toContain('Zainab &lt;b&gt;Qureshi&lt;/b&gt;');
    expect(html).toContain('7 Canal &lt;View&gt;<br>Lahore, Punjab 54000<br>Pakistan');
    expect(html).not.toContain('<b>');
  });

  it('show the timeline with the time of each step reached and the current one marked', () => {
    const html = orderPageHtml('order-status', order._id, { status: 'found', tracked: { kind: 'order', order } }, false);
    expect(html.match(/<time datetime=/g)).toHaveLength(3);
    expect(html).toContain('data-state="current" aria-current="step"');
    expect(html).toContain('Shipped<span class="ml-2 text-xs font-medium text-brand-700">Current</span>');
    expect(html).toContain('>Not yet</p>');
  });

  it('keep the name, address, phone, id and lines out of a summary, and point to the e-mail', () => {
    for (const signedIn of [false, true]) {
      const html = orderPageHtml('order-status', order.orderNumber, { status: 'found', tracked: { kind: 'summary', summary } }, signedIn);
      for (const secret of ['Zainab', 'Canal', '03004445555', order._id, 'Tapal']) expect(html).not.toContain(secret);
      expect(html).toContain('data-view="summary"');
      expect(html).toContain('They are in your confirmation e-mail');
      expect(html.includes('>sign in</a>')).toBe(!signedIn);
      // Signing in comes back to this order (its number: the page sends no referrer).
      if (!signedIn) expect(html).toContain(`href="/signin/?next=%2Forder%2Forder-status%2F${order.orderNumber}%2F"`);
    }
  });
});
