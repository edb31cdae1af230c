/**
 * The account and profile pages' still parts as markup: the one source of what the pages' early
 * scripts draw before React (account-page.ts, profile-page.ts) and of what their islands render
 * (AccountPage, ProfilePage, through dangerouslySetInnerHTML), so the island takes the drawn page
 * over without changing a pixel. No React here: the early scripts load none.
 */
import { escapeHtml as text, attr } from '#lib/html.ts';
import { formatDate } from '#lib/dates.ts';
import { PLACEHOLDER_IMAGE, responsiveImage } from '#lib/images.ts';
import { formatRs, salePrice } from '#lib/money.ts';
import { paths } from '#lib/paths.ts';
import { iconHtml } from '#components/icons.ts';
import { ui } from '#components/forms/ui.ts';
import type { WishlistItem } from '#lib/schemas/cart.ts';
import type { OrderListItem } from '#features/orders/history.ts';
import type { Account } from './api.ts';
import type { Load } from './view.ts';
import { orderListHtml } from './order-list-html.ts';

/** How many wishlisted products the account page lists before 'View all'. */
export const WISHLIST_SHOWN = 4;

/** What the account page shows: each load as it stands, and the wishlist once read (never at build). */
export interface AccountView {
  account: Load<Account>;
  orders: Load<OrderListItem[]>;
  wishlist: WishlistItem[] | undefined;
}

/** The parts of the account page that change, by name: each is the inside of the element marked `data-account-part="{name}"`. */
export interface AccountParts {
  greeting: string;
  'profile-head': string;
  profile: string;
  'orders-head': string;
  orders: string;
  'wishlist-head': string;
  wishlist: string;
}

const bar = 'animate-pulse rounded bg-stone-200';

/** Grey shapes while the account loads; `label` is said to assistive technology. */
export function accountLoadingHtml(label: string): string {
  return (
    `<div data-testid="account-loading"><p role="status" class="sr-only">${text(label)}</p>` +
    `<div class="flex items-center gap-4" aria-hidden="true"><div class="h-16 w-16 rounded-full ${bar}"></div><div class="flex-1 space-y-2"><div class="h-5 w-1/2 ${bar}"></div><div class="h-4 w-2/3 ${bar}"></div></div></div>` +
    `<div class="mt-6 space-y-3" aria-hidden="true"><div class="h-4 w-full ${bar}"></div><div class="h-4 w-5/6 ${bar}"></div><div class="h-4 w-3/4 ${bar}"></div></div></div>`
  );
}

/** A load that failed (not a 401), with Try Again: the island loads `retry` again (its click handler reads `data-retry`). */
export function accountFailedHtml(retry: 'account' | 'orders', what = 'Your account'): string {
  return (
    `<div role="alert" class="flex flex-col items-center py-6 text-center" data-testid="account-error">` +
    `<span class="grid h-14 w-14 place-items-center rounded-full bg-red-50 text-red-700">${iconHtml('alert', 'h-7 w-7')}</span>` +
    `<h2 class="mt-3 text-lg font-semibold text-stone-900">${text(what)} could not be loaded</h2>` +
    `<p class="mt-1 text-sm text-stone-600">Please check your connection and try again.</p>` +
    `<button type="button" class="${ui.secondary} mt-5" data-retry="${retry}">Try Again</button></div>`
  );
}

/** The first letter of the name, in a circle. */
export function avatarHtml(name: string): string {
  return `<span class="grid h-16 w-16 shrink-0 place-items-center rounded-full bg-brand-700 text-2xl font-bold text-white" aria-hidden="true">${text((name.trim()[0] ?? '?').toUpperCase())}</span>`;
}

/** A product's small picture, as ProductThumb draws it (a picture that fails to load becomes the placeholder: account-page.ts). */
export function thumbHtml(src: string | undefined, size: number, className: string): string {
  const image = responsiveImage(src);
  return `<img${attr('src', image.src)}${attr('srcset', image.webpSrcset)}${attr('sizes', image.webpSrcset ? `${size}px` : undefined)} alt=""${attr('width', image.width)}${attr('height', image.height)} loading="lazy" decoding="async" data-thumb${attr('class', `bg-stone-100 object-cover ${className}`)}>`;
}

/** A picture drawn by thumbHtml that failed to load shows the placeholder instead (as ProductThumb's). */
export function thumbFailed(img: HTMLImageElement): void {
  if (img.dataset.fallback) return;
  img.dataset.fallback = '1';
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.src = PLACEHOLDER_IMAGE;
}

function emptyStateHtml(icon: 'cart' | 'heart', title: string, body: string): string {
  return (
    `<div class="flex flex-col items-center rounded-2xl bg-stone-50 px-4 py-8 text-center">` +
    `<span class="grid h-12 w-12 place-items-center rounded-full ${icon === 'heart' ? 'bg-red-50 text-red-600' : 'bg-brand-50 text-brand-700'}">${iconHtml(icon, 'h-6 w-6')}</span>` +
    `<p class="mt-3 font-semibold text-stone-900">${text(title)}</p><p class="mt-1 text-sm text-stone-600">${text(body)}</p>` +
    `<a href="${paths.home()}" class="mt-4 inline-flex rounded-full bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">Start Shopping</a></div>`
  );
}

/** A section's heading row: its title and, on the right, its link. */
function headHtml(id: string, title: string, action = ''): string {
  return `<h2 id="${id}" class="text-lg font-semibold text-stone-900">${text(title)}</h2>${action}`;
}

const link = (href: string, label: string) => `<a href="${href}" class="${ui.link} text-sm">${label}</a>`;
const skeleton = (status: string) => `<div class="h-24 animate-pulse rounded-2xl bg-stone-100"${status}></div>`;

function profileHtml(account: Account): string {
  const detail = (label: string, value: string, extra = '') => `<div><dt class="text-stone-600">${label}</dt><dd class="${extra}text-stone-900">${text(value)}</dd></div>`;
  return (
    `<div data-testid="account-profile"><div class="flex items-center gap-4">${avatarHtml(account.name)}<div class="min-w-0">` +
    `<p class="truncate font-semibold text-stone-900">${text(account.name)}</p><p class="truncate text-sm text-stone-600">${text(account.email)}</p></div></div>` +
    `<dl class="mt-5 space-y-3 text-sm">${detail('Phone', account.phone || 'Not given')}${detail('Address', account.address || 'Not given', 'break-words ')}` +
    `${account.createdAt ? detail('Member since', formatDate(account.createdAt)) : ''}</dl></div>`
  );
}

function wishlistHtml(items: WishlistItem[]): string {
  const rows = items.slice(0, WISHLIST_SHOWN).map(
    (item) =>
      `<li class="flex items-center gap-3 py-3">${thumbHtml(item.image, 56, 'h-14 w-14 shrink-0 rounded-xl')}` +
      `<a${attr('href', paths.product(item._id))} class="min-w-0 flex-1 truncate text-sm font-medium text-stone-900 hover:text-brand-800">${text(item.name)}</a>` +
      `<span class="shrink-0 text-sm font-semibold text-stone-900">${formatRs(salePrice(item))}</span></li>`,
  );
  return `<ul class="divide-y divide-stone-100" data-testid="account-wishlist">${rows.join('')}</ul>`;
}

/** Every changing part of the account page for `view`. */
export function accountParts({ account, orders, wishlist }: AccountView): AccountParts {
  const ready = account.status === 'ready' ? account.value : undefined;
  return {
    greeting: ready ? text(`Welcome back, ${ready.name.split(/\s+/)[0]}!`) : '',
    'profile-head': headHtml('profile-heading', 'Profile', ready ? link(paths.profile(), 'Edit profile') : ''),
    profile: ready ? profileHtml(ready) : account.status === 'failed' ? accountFailedHtml('account') : accountLoadingHtml('Loading your account…'),
    'orders-head': headHtml('orders-heading', 'Order History'),
    orders:
      orders.status === 'loading'
        ? skeleton(' role="status" aria-label="Loading your orders"')
        : orders.status === 'failed'
          ? accountFailedHtml('orders', 'Your orders')
          : orders.value.length === 0
            ? emptyStateHtml('cart', 'No orders yet', 'When you place an order, it will show here with its status.')
            : orderListHtml(orders.value),
    'wishlist-head': headHtml('wishlist-heading', `My Wishlist${wishlist ? ` (${wishlist.length})` : ''}`, wishlist?.length ? link(paths.wishlist(), 'View all') : ''),
    wishlist: !wishlist
      ? skeleton(' aria-hidden="true"')
      : wishlist.length === 0
        ? emptyStateHtml('heart', 'Your wishlist is empty', 'Tap the heart on any product to keep it here for later.')
        : wishlistHtml(wishlist),
  };
}
