/**
 * The service worker's rules (worker.ts), as plain functions: which requests it answers and how,
 * what its caches are called, which caches a new build throws away, and the offline page's list
 * of the pages this shopper has seen. It imports only constants: the worker's bundle and the unit
 * tests share it.
 */
import { OFFLINE_COPY_FIELD, OFFLINE_COPY_HEADER } from '#lib/offline-copy.ts';
import { isShopperPrivatePath, isStaffPath } from '#lib/paths.ts';

/** Every cache of the store starts with this; a build's caches go on with its id. */
export const CACHE_PREFIX = 'kiryana';
/** The runtime caches of one build, beside Serwist's precache. */
export const RUNTIME_CACHES = ['pages', 'images', 'assets', 'live', 'search'] as const;
export type RuntimeCache = (typeof RUNTIME_CACHES)[number];

/** The prefix of every cache of build `buildId` (Serwist's cacheId: its precache is named from it too). */
export const buildCachePrefix = (buildId: string): string => `${CACHE_PREFIX}-${buildId}`;
export const cacheName = (buildId: string, cache: RuntimeCache): string => `${buildCachePrefix(buildId)}-${cache}`;

/**
 * The caches to delete when build `buildId`'s worker takes over: every cache of the store not of
 * this build, so a page of one build never meets the scripts of another. Caches of other sites on
 * the origin (none today) are left alone.
 */
export function cachesOfOtherBuilds(names: readonly string[], buildId: string): string[] {
  const own = `${buildCachePrefix(buildId)}-`;
  return names.filter((name) => name.startsWith(`${CACHE_PREFIX}-`) && !name.startsWith(own));
}

/**
 * A path of the site the worker may keep as a page: not the API, not the staff pages (the back
 * office is never kept on a device, nor answered from a cache: a member's page is theirs, and a
 * removed member must not read one offline), and not a shopper's private pages (an order, a
 * password reset, the account and profile: on a shared phone the next person must not open them).
 */
export function isKeptPath(pathname: string): boolean {
  return !pathname.startsWith('/api/') && !isStaffPath(pathname) && !isShopperPrivatePath(pathname);
}

/**
 * A page the worker keeps (network first, the copy seen as the fallback): a navigation on the
 * site's own origin, not into the API or the staff pages (isKeptPath). Anything else it does not
 * answer goes to the network untouched.
 */
export function isPage(request: Pick<Request, 'mode' | 'method'>, url: URL, origin: string): boolean {
  return request.method === 'GET' && request.mode === 'navigate' && url.origin === origin && isKeptPath(url.pathname);
}

/**
 * A shopper's private page (isShopperPrivatePath): fetched from the network only, kept nowhere;
 * without a network, the offline page.
 */
export function isPrivatePage(request: Pick<Request, 'mode' | 'method'>, url: URL, origin: string): boolean {
  return request.method === 'GET' && request.mode === 'navigate' && url.origin === origin && isShopperPrivatePath(url.pathname);
}

/**
 * A cached entry that belongs to one shopper, and goes at logout: a private page of the site
 * (kept by an earlier worker, before such pages were never kept), or any API reply but the live
 * figures (none is kept today; the rule holds if one ever is).
 */
export function isPrivateCopy(href: string, origin: string): boolean {
  const url = new URL(href);
  if (url.pathname.startsWith('/api/')) return url.pathname !== '/api/products/live';
  return url.origin === origin && isShopperPrivatePath(url.pathname);
}

/** A product or category picture (`/images/…`, AVIF or WebP): cache first, with an expiry and a cap. */
export function isArtwork(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/images/') && /\.(avif|webp)$/i.test(url.pathname);
}

/** Astro's hashed files (`/_astro/…`): a name is never reused for other bytes, so cache first. */
export function isHashedAsset(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/_astro/');
}

/** Where the build emits the suggestions' search index (its one address: search/build-index.ts SEARCH_INDEX_URL). */
export const SEARCH_INDEX_PATH = '/search-index.json';

/**
 * The suggestions' search index: network first (the browser revalidates it, so a rebuilt index
 * comes at once), the copy last fetched answered while the network fails, so suggestions still
 * come from the whole catalogue offline.
 */
export function isSearchIndex(request: Pick<Request, 'method'>, url: URL, origin: string): boolean {
  return request.method === 'GET' && url.origin === origin && url.pathname === SEARCH_INDEX_PATH;
}

/**
 * The live price and stock (`GET /api/products/live?ids=…`), on the site's origin or the API's:
 * the one API reply the worker keeps, and only to answer with while the network fails. Every other
 * API call (orders, accounts, reviews, the cart and wishlist sync) goes to the network untouched.
 */
export function isLiveFigures(request: Pick<Request, 'method'>, url: URL, apiOrigins: readonly string[]): boolean {
  return request.method === 'GET' && apiOrigins.includes(url.origin) && url.pathname === '/api/products/live' && url.searchParams.has('ids');
}

/** `reply` marked as the copy saved at `savedAt` (an HTTP date), answered while offline: the header, and the field of a JSON object. */
export async function markedOfflineCopy(reply: Response, savedAt: string): Promise<Response> {
  const when = savedAt || 'unknown';
  const headers = new Headers(reply.headers);
  headers.set(OFFLINE_COPY_HEADER, when);
  headers.delete('Content-Length');
  const text = await reply.text();
  let body = text;
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object' && !Array.isArray(json)) body = JSON.stringify({ ...json, [OFFLINE_COPY_FIELD]: when });
  } catch {
    // Not JSON: the header alone says it.
  }
  return new Response(body, { status: reply.status, statusText: reply.statusText, headers });
}

/** A page this shopper has seen, as the offline page lists it. */
export interface SeenPage {
  path: string;
  title: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const SHOP_SUFFIX = / \| Kiryana$/;

/** The page's title as the shopper read it, without the shop's name; the path when it has none. */
export function pageTitle(html: string, path: string): string {
  const raw = /<title>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  if (!raw) return path;
  return raw.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity).replace(SHOP_SUFFIX, '');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the offline page's list of seen pages goes: its `<ul data-seen-pages>`, between its tags. */
const SEEN_LIST = /(<ul[^>]*\sdata-seen-pages[^>]*>)[\s\S]*?(<\/ul>)/;
/** Shown in place of the list when nothing was seen yet. */
const NONE_SEEN = /(<p[^>]*\sdata-none-seen)(\s|>)/;

/**
 * The offline page with the seen pages listed, as plain links (no script needed to read them).
 * With none, the list stays empty and the page's own 'none yet' line shows.
 */
export function offlinePageHtml(html: string, pages: readonly SeenPage[]): string {
  if (pages.length === 0) return html;
  const items = pages.map((page) => `<li><a class="text-link" href="${escapeHtml(page.path)}">${escapeHtml(page.title)}</a></li>`).join('');
  return html.replace(SEEN_LIST, (_, open: string, close: string) => `${open}${items}${close}`).replace(NONE_SEEN, '$1 hidden$2');
}

/** The seen pages from the pages cache's requests, newest first, each path once, at most `limit`; never a page not to keep. */
export function seenPaths(urls: readonly string[], origin: string, limit: number): string[] {
  const paths: string[] = [];
  for (const href of [...urls].reverse()) {
    const url = new URL(href);
    if (url.origin !== origin || !isKeptPath(url.pathname)) continue;
    const path = url.pathname + url.search;
    if (!paths.includes(path)) paths.push(path);
    if (paths.length === limit) break;
  }
  return paths;
}
