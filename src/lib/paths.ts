/** Every URL the store links to is built here. Trailing slashes match the static output. */

/** The text pages, one markdown file each: src/pages/{slug}.md. */
export const TEXT_PAGES = [
  'about',
  'story',
  'contact',
  'faq',
  'shipping',
  'returns',
  'privacy-policy',
  'terms-of-service',
  'cookie-policy',
  'accessibility',
] as const;
export type TextPage = (typeof TEXT_PAGES)[number];

export const paths = {
  home: () => '/',
  /** Every product page lives under this prefix. */
  products: () => '/product/',
  product: (id: string) => `${paths.products()}${encodeURIComponent(id)}/`,
  category: (idOrName: string) => `/category/${encodeURIComponent(idOrName)}/`,
  categoryPage: (id: string, page: number) =>
    page <= 1 ? paths.category(id) : `/category/${encodeURIComponent(id)}/page/${page}/`,
  /** The search page itself: the action of the search forms (GET, the term in `q`). */
  searchPage: () => '/search/',
  search: (q: string, category?: string) => {
    const params = new URLSearchParams({ q });
    if (category) params.set('category', category);
    return `${paths.searchPage()}?${params}`;
  },
  textPage: (slug: TextPage) => `/${slug}/`,
  cart: () => '/cart/',
  wishlist: () => '/wishlist/',
  /** With `next`, the page sign-in returns to (a same-site path: lib/return-path.ts checks it there). */
  signin: (next?: string) => (next ? `/signin/?${new URLSearchParams({ next })}` : '/signin/'),
  register: () => '/register/',
  forgotPassword: () => '/forgotpassword/',
  /** The link the reset mail carries; one static page serves every token (the server rewrites to it). */
  passwordReset: (token: string) => `/passwordreset/${encodeURIComponent(token)}`,
  checkout: () => '/checkout-page/',
  account: () => '/account/',
  /** The account page's order history. */
  myOrders: () => '/account/#orders-heading',
  profile: () => '/profile/',
  orderStatusForm: () => '/OrderStatus/',
  orderStatus: (id: string) => `/order/order-status/${encodeURIComponent(id)}/`,
  /** An order's status page with its cancel form open (the fragment is ORDER_CANCEL_FRAGMENT). */
  orderCancel: (id: string) => `/order/order-status/${encodeURIComponent(id)}/#${ORDER_CANCEL_FRAGMENT}`,
  /** An order's status page at its Buy again (the fragment is ORDER_BUY_AGAIN_FRAGMENT). */
  orderBuyAgain: (id: string) => `/order/order-status/${encodeURIComponent(id)}/#${ORDER_BUY_AGAIN_FRAGMENT}`,
  orderSuccess: (id: string) => `/order/success/${encodeURIComponent(id)}/`,
  sitemap: () => '/sitemap.xml',
  sitemapChunk: (index: number) => `/sitemap-${index}.xml`,
} as const;

/**
 * Whether `segment` may be one segment of a page's address as it is (a category's name or id, a
 * product's id): not empty; no `/` or `\` (they would split it, and the build stopped on one), no
 * `?` or `#` (the build writes them escaped, so the page would never be found), no `..` and no
 * leading dot (a served path never climbs, and a name starting with a dot is the build's own
 * record, never served), no control character. Pages are made only for segments that pass.
 */
export function isPageSegment(segment: string): boolean {
  return segment !== '' && !/[/\\?#\u0000-\u001f\u007f]/.test(segment) && !segment.includes('..') && !segment.startsWith('.');
}

/** The staff pages (the shop's back office) all live under this prefix; its API under `/api/staff/`. */
export const STAFF_PREFIX = '/staff/';

/** The staff pages' URLs. `next` is the staff page sign-in returns to (staffReturnPath checks it). */
export const staffPaths = {
  signIn: (next?: string) => (next ? `${STAFF_PREFIX}?${new URLSearchParams({ next })}` : STAFF_PREFIX),
  setup: () => `${STAFF_PREFIX}setup/`,
  /** The invitation link: the token rides in the fragment, so it is never sent to a server or in a Referer. */
  accept: (token: string) => `${STAFF_PREFIX}accept/#${token}`,
  orders: () => `${STAFF_PREFIX}orders/`,
  order: (orderNumber: string) => `${STAFF_PREFIX}order/?${new URLSearchParams({ number: orderNumber })}`,
  reports: () => `${STAFF_PREFIX}reports/`,
  members: () => `${STAFF_PREFIX}members/`,
  audit: () => `${STAFF_PREFIX}audit/`,
  /** The catalogue desk: the products' list, one product's form (no id: a new product), the stock and price grid. */
  products: () => `${STAFF_PREFIX}products/`,
  product: (id?: string) => `${STAFF_PREFIX}product/${id ? `?${new URLSearchParams({ id })}` : ''}`,
  stock: () => `${STAFF_PREFIX}stock/`,
  categories: () => `${STAFF_PREFIX}categories/`,
  /** Catalogue files: upload a CSV or JSON file, see its problems, apply it; download the catalogue. */
  catalogFiles: () => `${STAFF_PREFIX}catalog-files/`,
  reviews: () => `${STAFF_PREFIX}reviews/`,
  /** The search dictionary and the searches that found nothing. */
  searchWords: () => `${STAFF_PREFIX}search-words/`,
} as const;

/**
 * True for a staff page's path (/staff, /staff/…) or its API's (/api/staff, /api/staff/…). A
 * pattern rather than the API's path written out: shop pages load this module, and the budget test
 * finds staff code in a shop page's scripts by that path (e2e/budgets.spec.ts).
 */
export function isStaffPath(pathname: string): boolean {
  return /^(\/api)?\/staff(\/|$)/.test(pathname);
}

/** Where staff sign-in may send the browser back to: a staff page's own path, else the orders list. */
export function staffReturnPath(next: string | null | undefined): string {
  const own = next?.startsWith(STAFF_PREFIX) && !/[\\\s]/.test(next);
  // Not the sign-in page itself (it would send a signed-in member round in a loop).
  if (!next || !own || next === STAFF_PREFIX || next.startsWith(`${STAFF_PREFIX}?`) || next.startsWith(`${STAFF_PREFIX}#`)) return staffPaths.orders();
  return next;
}

/** Route prefixes search engines are asked to skip: a shopper's own pages, and the staff's. */
export const PRIVATE_PREFIXES = ['/account', '/profile', '/cart', '/wishlist', '/checkout-page', '/order/', STAFF_PREFIX] as const;

/**
 * The pages that are only a signed-in shopper's (the account with its order history, the profile):
 * a session found ended there asks to sign in again and comes back. Every other page goes on as a
 * guest's when a session ends.
 */
export const SIGNED_IN_PREFIXES = ['/account', '/profile'] as const;

export function needsSignIn(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return SIGNED_IN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The pages that show one shopper's own data, or carry a secret in their address: an order (its id
 * opens it, with the name, address and phone), a password reset (its token), the account and the
 * profile. No device keeps them: the service worker never caches them nor lists them offline, and
 * a logout removes any copy an earlier worker kept (src/features/offline/).
 */
export const SHOPPER_PRIVATE_PREFIXES = ['/order', '/passwordreset', '/account', '/profile'] as const;

export function isShopperPrivatePath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Not percent-encoded text: compared as it is.
  }
  // Compared decoded and in any case: `/%6Frder/…` or `/Order/…` is kept no more than `/order/…`.
  const path = decoded.toLowerCase().replace(/\/+$/, '') || '/';
  return SHOPPER_PRIVATE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Routes that show neither the header nor the footer: sign-in, registration, password reset, checkout, account, cart. */
export const CHROMELESS_PREFIXES = [
  '/signin',
  '/register',
  '/forgotpassword',
  '/passwordreset',
  '/checkout',
  '/checkout-page',
  '/account',
  '/cart',
] as const;

export function hidesChrome(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return CHROMELESS_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The status page's fragment that opens its cancel form. */
export const ORDER_CANCEL_FRAGMENT = 'cancel-order';

/** The status page's fragment of its Buy again. */
export const ORDER_BUY_AGAIN_FRAGMENT = 'buy-again';
