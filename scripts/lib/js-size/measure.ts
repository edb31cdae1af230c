/**
 * What `npm run bench:size` and e2e/budgets.spec.ts measure: the JavaScript a page costs before
 * any interaction, on a phone viewport (375 px, Chromium).
 *   - external: every script response the page loads until the network is idle (scripts, module
 *     preloads, island chunks), each counted as gzip -9 of its body computed here, so the figure
 *     is the same whatever compression the server applies;
 *   - inline: every inline script of the HTML (not JSON-LD), concatenated, gzip -9.
 * Each page is measured in a fresh browser context: nothing is cached between pages.
 * The page types a shopper lands on from outside also have an HTML budget: the document as
 * built, gzip -9. A category page within 14 KB arrives in the server's first round trip (TCP's
 * initial window of ten segments, about 14 KB), before the browser can ask for anything else.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export interface PageType {
  type: string;
  budgetKb: number;
  /** The HTML document's budget (KB of gzip -9), where the page type has one. */
  htmlBudgetKb?: number;
  /** Set for the pages built by another part of the store that may be missing on a branch. */
  optional?: boolean;
  /** A signed-in page: measured with a stored token and a canned GET /api/users/me (its guard would leave otherwise). */
  signedIn?: boolean;
  /**
   * A staff page (/staff/): 'member' is measured with a canned staff session (GET /api/staff/me and
   * empty replies from the rest of the staff API), 'public' signed out, as a visitor meets it.
   */
  staff?: 'member' | 'public';
}

/** What only the staff pages' code holds: the staff API's path (features/staff/api.ts). A shop page's script with it loads staff code. */
export const STAFF_CODE_MARK = '/api/staff';

/** The budgets (KB of gzip, 1 KB = 1,024 bytes), one page of each type. */
export const PAGE_TYPES = {
  text: { type: 'text page', budgetKb: 10 },
  home: { type: 'home', budgetKb: 80 },
  product: { type: 'product page', budgetKb: 75, htmlBudgetKb: 10 },
  category: { type: 'category page', budgetKb: 75, htmlBudgetKb: 14 },
  cart: { type: 'cart page', budgetKb: 90 },
  wishlist: { type: 'wishlist page', budgetKb: 90 },
  search: { type: 'search page', budgetKb: 90, optional: true },
  // The account pages. The forms hydrate on first interaction (client:interact), so before it they
  // cost what a text page does; 90 KB is the ceiling for a page with React and its island, and room for React should a form
  // ever need to start at load. Account and profile draw what the API gives before React, which
  // comes at the first interaction: under the same 90 KB, far within it.
  signin: { type: 'sign-in page', budgetKb: 90 },
  register: { type: 'registration page', budgetKb: 90 },
  forgot: { type: 'forgot password page', budgetKb: 90 },
  reset: { type: 'password reset page', budgetKb: 90 },
  account: { type: 'account page', budgetKb: 90, signedIn: true },
  profile: { type: 'profile page', budgetKb: 90, signedIn: true },
  // The order pages. Confirmation and status hydrate at load (their content comes from the API);
  // checkout draws its summary without React, and its islands and the tracking form start on first interaction. 90 KB each, the same
  // ceiling as every page with React and its island.
  checkout: { type: 'checkout page', budgetKb: 90 },
  orderSuccess: { type: 'order success page', budgetKb: 90 },
  orderStatus: { type: 'order status page', budgetKb: 90 },
  trackOrder: { type: 'order tracking form page', budgetKb: 90 },
  // The staff pages (the back office): React and their islands start at load, the same 120 KB
  // each. Orders, an order and reports are the order desk's, products and a product the catalogue desk's, built beside the others.
  staffSignIn: { type: 'staff page: sign-in', budgetKb: 120, staff: 'public' },
  staffAccept: { type: 'staff page: invitation', budgetKb: 120, staff: 'public' },
  staffSetup: { type: 'staff page: authenticator set-up', budgetKb: 120, staff: 'member' },
  staffMembers: { type: 'staff page: members', budgetKb: 120, staff: 'member' },
  staffAudit: { type: 'staff page: audit trail', budgetKb: 120, staff: 'member' },
  staffOrders: { type: 'staff page: orders', budgetKb: 120, staff: 'member', optional: true },
  staffOrder: { type: 'staff page: an order', budgetKb: 120, staff: 'member', optional: true },
  staffReports: { type: 'staff page: reports', budgetKb: 120, staff: 'member', optional: true },
  staffProducts: { type: 'staff page: products', budgetKb: 120, staff: 'member', optional: true },
  staffProduct: { type: 'staff page: a product', budgetKb: 120, staff: 'member', optional: true },
  staffCategories: { type: 'staff page: categories', budgetKb: 120, staff: 'member', optional: true },
  staffReviews: { type: 'staff page: reviews', budgetKb: 120, staff: 'member', optional: true },
  staffStock: { type: 'staff page: stock and prices', budgetKb: 120, staff: 'member', optional: true },
  staffCatalogFiles: { type: 'staff page: catalogue files', budgetKb: 120, staff: 'member', optional: true },
  staffSearchWords: { type: 'staff page: search words', budgetKb: 120, staff: 'member', optional: true },
} as const satisfies Record<string, PageType>;
export type PageTypeKey = keyof typeof PAGE_TYPES;

export interface PageToMeasure extends PageType {
  key: PageTypeKey;
  path: string;
}

/** The page of each type that is measured; the product and category pages are the catalogue's first. */
export async function pagesToMeasure(getJson: (path: string) => Promise<unknown>): Promise<PageToMeasure[]> {
  const products = (await getJson('/api/products?limit=1')) as { data: { products: { _id: string }[] } };
  const categories = (await getJson('/api/category')) as { data: { _id: string }[] };
  const product = products.data.products[0]?._id;
  const category = categories.data[0]?._id;
  if (!product || !category) throw new Error('The catalogue has no product or no category to measure.');
  const paths: Record<PageTypeKey, string> = {
    text: '/about/',
    home: '/',
    product: `/product/${encodeURIComponent(product)}/`,
    category: `/category/${encodeURIComponent(category)}/`,
    cart: '/cart/',
    wishlist: '/wishlist/',
    search: '/search/?q=tea',
    signin: '/signin/',
    register: '/register/',
    forgot: '/forgotpassword/',
    reset: '/passwordreset/',
    account: '/account/',
    profile: '/profile/',
    checkout: '/checkout-page/',
    // An unknown order: the page's JavaScript is the same for every order (its not-found state).
    orderSuccess: '/order/success/size-bench-unknown-order/',
    orderStatus: '/order/order-status/size-bench-unknown-order/',
    trackOrder: '/OrderStatus/',
    staffSignIn: '/staff/',
    staffAccept: '/staff/accept/#size-bench-invitation',
    staffSetup: '/staff/setup/',
    staffMembers: '/staff/members/',
    staffAudit: '/staff/audit/',
    staffOrders: '/staff/orders/',
    staffOrder: '/staff/order/?number=size-bench-unknown-order',
    staffReports: '/staff/reports/',
    staffProducts: '/staff/products/',
    staffProduct: '/staff/product/?id=size-bench-unknown-product',
    staffCategories: '/staff/categories/',
    staffReviews: '/staff/reviews/',
    staffStock: '/staff/stock/',
    staffCatalogFiles: '/staff/catalog-files/',
    staffSearchWords: '/staff/search-words/',
  };
  return (Object.keys(PAGE_TYPES) as PageTypeKey[]).map((key) => ({ key, ...PAGE_TYPES[key], path: paths[key] }));
}

export interface ScriptSize {
  url: string;
  gzipBytes: number;
}

export interface PageSize extends PageToMeasure {
  status: number;
  scripts: ScriptSize[];
  /** The scripts that hold STAFF_CODE_MARK: staff code. */
  staffScripts: string[];
  externalBytes: number;
  inlineBytes: number;
  totalBytes: number;
  budgetBytes: number;
  /** The HTML document, gzip -9. */
  htmlBytes: number;
  /** 0 when the page type has no HTML budget. */
  htmlBudgetBytes: number;
  /** OVER when the JavaScript or the HTML is over its budget. */
  verdict: 'OK' | 'OVER' | 'MISSING';
}

export const gzipSize = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The inline scripts of an HTML document (no `src`, a JavaScript type). */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1];
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase() ?? '';
    if (JS_TYPES.has(type) && m[2].trim()) out.push(m[2]);
  }
  return out;
}

/** Loads `origin + page.path` in `browserPage` (fresh context, phone viewport) and sizes its JavaScript. */
export async function measurePage(browserPage: Page, origin: string, page: PageToMeasure): Promise<PageSize> {
  if ('signedIn' in page && page.signedIn) await signedInAs(browserPage);
  if ('staff' in page && page.staff === 'member') await staffMember(browserPage);
  const bodies = new Map<string, Promise<Buffer | undefined>>();
  browserPage.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type !== 'script' && !/javascript/.test(contentType)) return;
    if (!bodies.has(response.url())) bodies.set(response.url(), response.body().catch(() => undefined));
  });
  const document = await browserPage.goto(origin + page.path, { waitUntil: 'networkidle' });
  const status = document?.status() ?? 0;
  const budgetBytes = page.budgetKb * 1024;
  const htmlBudgetBytes = (page.htmlBudgetKb ?? 0) * 1024;
  if (status === 404 && page.optional) {
    return { ...page, status, scripts: [], staffScripts: [], externalBytes: 0, inlineBytes: 0, totalBytes: 0, budgetBytes, htmlBytes: 0, htmlBudgetBytes, verdict: 'MISSING' };
  }
  if (status !== 200) throw new Error(`${page.path} answered ${status}`);
  const scripts: ScriptSize[] = [];
  const staffScripts: string[] = [];
  for (const [url, body] of bodies) {
    const bytes = await body;
    if (bytes) scripts.push({ url: url.replace(origin, ''), gzipBytes: gzipSize(bytes) });
    if (bytes?.includes(STAFF_CODE_MARK)) staffScripts.push(url.replace(origin, ''));
  }
  const html = await document!.text();
  const inline = inlineScripts(html);
  const inlineBytes = inline.length ? gzipSize(inline.join('\n')) : 0;
  const externalBytes = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  const totalBytes = externalBytes + inlineBytes;
  const htmlBytes = gzipSize(html);
  const within = totalBytes <= budgetBytes && (!htmlBudgetBytes || htmlBytes <= htmlBudgetBytes);
  return { ...page, status, scripts, staffScripts, externalBytes, inlineBytes, totalBytes, budgetBytes, htmlBytes, htmlBudgetBytes, verdict: within ? 'OK' : 'OVER' };
}

/**
 * A stored token, a canned current user, order list, address book, cart and wishlist: what the account pages need
 * to stay and render, the signed-in cart and wishlist sync included (the JavaScript does not depend on it).
 */
async function signedInAs(browserPage: Page): Promise<void> {
  await browserPage.addInitScript(() => localStorage.setItem('token', 'bench-size'));
  const user = { id: 'bench', name: 'Bench Shopper', email: 'bench@example.pk', phone: '', address: '', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
  await browserPage.route('**/api/users/me?*', (route) => route.fulfill({ json: { success: true, data: user } }));
  // The account page's order history (a 401 would end the canned session and leave for /signin).
  await browserPage.route('**/api/order', (route) => route.fulfill({ json: { success: true, orders: [] } }));
  await browserPage.route('**/api/cart', (route) => route.fulfill({ json: { success: true, cart: [] } }));
  await browserPage.route('**/api/wishlist', (route) => route.fulfill({ json: { success: true, wishlist: [] } }));
  await browserPage.route('**/api/users/addresses', (route) => route.fulfill({ json: { success: true, addresses: [] } }));
}

/**
 * A staff member's session as the staff pages see it: an owner with an authenticator (every page
 * opens, none sends the browser away), and empty replies from the rest of the staff API (the
 * JavaScript does not depend on them).
 */
async function staffMember(browserPage: Page): Promise<void> {
  const member = { id: '00000000-0000-4000-8000-000000000000', email: 'bench@shop.pk', name: 'Bench Owner', role: 'owner', totp: true, createdAt: '2026-01-01T00:00:00.000Z' };
  await browserPage.route('**/api/staff/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/api/staff/me') return route.fulfill({ json: { success: true, data: { member, needsTotpSetup: false } } });
    return route.fulfill({ json: { success: true, data: [], next: null } });
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The table bench:size prints. */
export function sizeTable(rows: readonly PageSize[]): string {
  const head = ['page type', 'URL', 'external JS', 'inline JS', 'total', 'budget', 'HTML', 'HTML budget', ''];
  const htmlBudget = (r: PageSize) => (r.htmlBudgetKb ? `${r.htmlBudgetKb} KB` : '-');
  const body = rows.map((r) =>
    r.verdict === 'MISSING'
      ? [r.type, r.path, '-', '-', '-', `${r.budgetKb} KB`, '-', htmlBudget(r), 'MISSING (404)']
      : [r.type, r.path, kb(r.externalBytes), kb(r.inlineBytes), kb(r.totalBytes), `${r.budgetKb} KB`, kb(r.htmlBytes), htmlBudget(r), r.verdict],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}
