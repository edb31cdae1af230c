/**
 * The account and profile pages drawn before React are what their islands render: for every state,
 * the page's static HTML with the early script's parts drawn into it (account-page.ts,
 * profile-page.ts) is, byte for byte, React's rendering of that state (react-dom/server).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { $wishlist } from '#features/wishlist/store.ts';
import type { OrderListItem } from '#features/orders/history.ts';
import type { WishlistItem } from '#lib/schemas/cart.ts';
import type { Account } from './api.ts';
import AccountPage from './AccountPage.tsx';
import ProfilePage from './ProfilePage.tsx';
import { accountParts, type AccountParts, type AccountView } from './account-html.ts';
import { profileCardHtml } from './profile-html.ts';
import { $accountLoad, $ordersLoad, $wishlistShown, type Load } from './view.ts';

const account: Account = {
  id: '7',
  name: 'Ayesha <Khan> & "Sons"',
  email: 'ayesha@example.pk',
  phone: '0300 1234567',
  address: '',
  createdAt: '2026-01-15T10:00:00.000Z',
  updatedAt: new Date().toISOString(),
};
const orders: OrderListItem[] = [
  { _id: 'o1', orderNumber: 'KR-1001', status: 'Pending', totalAmount: 1250, itemCount: 3, createdAt: '2026-11-20T08:00:00.000Z' },
  { _id: 'o2', orderNumber: 'KR-0999', status: 'Delivered', totalAmount: 300, itemCount: 1, createdAt: '2026-10-02T08:00:00.000Z' },
];
const wishlist: WishlistItem[] = Array.from({ length: 5 }, (_, i) => ({
  _id: `p${i}`,
  name: `Tea ${i} 'Special'`,
  price: 500 + i,
  discount: i === 1 ? 50 : 0,
  image: i === 2 ? 'https://example.com/tea.jpg' : `/images/products/p-00${i}.webp`,
  stock: 5,
})) as WishlistItem[];

/** The element of `html` whose opening tag carries `marker`: where its inside starts and ends. */
function inside(html: string, marker: string): { start: number; end: number } {
  const at = html.indexOf(marker);
  expect(at, marker).toBeGreaterThan(-1);
  const open = html.lastIndexOf('<', at);
  const tag = /^<([a-z0-9]+)/.exec(html.slice(open))![1];
  const start = html.indexOf('>', at) + 1;
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  tags.lastIndex = start;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return { start, end: m.index };
  }
  throw new Error(`${marker} is not closed`);
}

/** `html` with the inside of the element carrying `marker` replaced, as `el.innerHTML = inner` does. */
function drawInto(html: string, marker: string, inner: string): string {
  const { start, end } = inside(html, marker);
  return html.slice(0, start) + inner + html.slice(end);
}

function setView(view: AccountView) {
  $accountLoad.set(view.account);
  $ordersLoad.set(view.orders);
  $wishlistShown.set(view.wishlist !== undefined);
  $wishlist.set(view.wishlist ?? []);
}

const loading = { status: 'loading' } as const;
const failed = { status: 'failed' } as const;
const ready = <T,>(value: T): Load<T> => ({ status: 'ready', value });

afterEach(() => setView({ account: loading, orders: loading, wishlist: undefined }));

describe('the account page', () => {
  const views: [string, AccountView][] = [
    ['still loading, the wishlist read', { account: loading, orders: loading, wishlist: [] }],
    ['failed', { account: failed, orders: failed, wishlist: wishlist.slice(0, 1) }],
    ['ready with no orders and an empty wishlist', { account: ready({ ...account, createdAt: '' }), orders: ready([]), wishlist: [] }],
    ['ready with orders and a long wishlist', { account: ready(account), orders: ready(orders), wishlist }],
  ];

  it.each(views)('drawn into the static page, %s, is what the island renders', (_, view) => {
    const built = renderToString(createElement(AccountPage));
    setView(view);
    const rendered = renderToString(createElement(AccountPage));
    let drawn = built;
    for (const [name, html] of Object.entries(accountParts(view)) as [keyof AccountParts, string][]) drawn = drawInto(drawn, `data-account-part="${name}"`, html);
    expect(drawn).toBe(rendered);
    expect(drawn).not.toBe(built);
  });

  it('shows what the shopper has: the profile, the orders linked to their pages, four wishlisted products of five', () => {
    const parts = accountParts({ account: ready(account), orders: ready(orders), wishlist });
    expect(parts.greeting).toBe('Welcome back, Ayesha!');
    expect(parts.profile).toContain('Ayesha &lt;Khan&gt; &amp; &quot;Sons&quot;');
    expect(parts.profile).toContain('Member since');
    expect(parts.orders.match(/<li>/g)).toHaveLength(2);
    expect(parts.orders).toContain('href="/order/order-status/o1/"');
    expect(parts.orders).toContain('3 items');
    expect(parts['wishlist-head']).toContain('My Wishlist (5)');
    expect(parts['wishlist-head']).toContain('View all');
    expect(parts.wishlist.match(/<li /g)).toHaveLength(4);
    expect(parts.wishlist).toContain('Rs. 451');
    expect(parts.wishlist).toContain('Tea 0 &#39;Special&#39;');
    // The build has no wishlist: a grey shape, not 'empty', until the page reads the stored one.
    expect(accountParts({ account: loading, orders: loading, wishlist: undefined }).wishlist).toContain('animate-pulse');
  });
});

describe('the profile page', () => {
  it.each([
    ['loading', loading],
    ['failed', failed],
    ['ready', ready(account)],
    ['ready with nothing optional given', ready({ ...account, phone: '', createdAt: '', updatedAt: '' })],
  ] as [string, Load<Account>][])('its card drawn %s is what the island renders', (_, load) => {
    $accountLoad.set(load);
    const rendered = renderToString(createElement(ProfilePage));
    const { start, end } = inside(rendered, 'data-profile-card');
    expect(rendered.slice(start, end)).toBe(profileCardHtml(load));
  });
});
