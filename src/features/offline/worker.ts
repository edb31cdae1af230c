/**
 * The store's service worker, served as /sw.js (bundled by src/site-build/service-worker.ts,
 * which fills in the build's id, its precache list and the API's origin).
 *
 * - Precached at install: the offline page, the cart, wishlist and checkout pages, the scripts
 *   and styles those pages load, the logo, the icons and the manifest. Not the product pages.
 * - Pages: network first; without a network the copy this shopper last saw, else the offline
 *   page, listing the pages that can be read (rules.ts offlinePageHtml). Never the staff pages
 *   (/staff/) nor the API (/api/staff/ included): they go to the network untouched, and are kept nowhere.
 * - A shopper's private pages (an order, a password reset, the account, the profile: rules.ts
 *   isPrivatePage): from the network only, never kept nor listed; without a network, the offline page.
 *   A logout removes what an earlier worker kept of them (forget-private.ts).
 * - Pictures seen (/images/, AVIF and WebP) and Astro's hashed files: cache first, the pictures
 *   with an expiry and a cap.
 * - The suggestions' search index: network first, the copy last fetched while the network fails
 *   (it keeps one address across builds and the browser revalidates it, so online it is always
 *   the build's own).
 * - API replies pass untouched and are never kept, but for the live price and stock: kept, and
 *   answered only when the network fails, marked (rules.ts markedOfflineCopy) so the page says the
 *   figures may be out of date.
 * - Every cache is named by the build. A new build's worker waits until the shopper reloads from
 *   the notice (update-notice.ts) or closes the store's tabs; when it takes over it deletes every cache of
 *   another build, so a page of one build never runs with the scripts of another.
 *
 * Serwist rather than Workbox: one ESM package (runtime routing, strategies, expiration and
 * precaching together) that rolldown bundles from TypeScript, tree-shaken to what is used here, and
 * a build helper (@serwist/build) without Workbox's bundling toolchain (rollup, babel) that the
 * store's Vite/rolldown build does not need. None of it is on the pages' budgets: the worker's own
 * script is fetched once the page has loaded.
 */
import { CacheFirst, ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist, type PrecacheEntry, type SerwistPlugin } from 'serwist';
import {
  buildCachePrefix,
  cacheName,
  cachesOfOtherBuilds,
  isArtwork,
  isHashedAsset,
  isKeptPath,
  isLiveFigures,
  isPage,
  isPrivatePage,
  isSearchIndex,
  markedOfflineCopy,
  offlinePageHtml,
  pageTitle,
  seenPaths,
  type SeenPage,
} from './rules.ts';

/**
 * The parts of the worker's global scope used here. Declared by hand: the WebWorker library's
 * types would clash with the DOM's, which the rest of the code is checked against.
 */
interface WorkerScope {
  location: Location;
  clients: { matchAll(options: { type: 'window' }): Promise<readonly { url: string }[]> };
  addEventListener(type: 'activate', listener: (event: Event & { waitUntil(done: Promise<unknown>): void }) => void): void;
}
declare const self: WorkerScope;
/** Set by the build: the build's id (a hash of what it precaches and of this worker). */
declare const KIRYANA_BUILD_ID: string;
declare const KIRYANA_PRECACHE: PrecacheEntry[];
/** The API's origin when it is not the site's own (PUBLIC_API_BASE), else ''. */
declare const KIRYANA_API_ORIGIN: string;

const BUILD = KIRYANA_BUILD_ID;
const ORIGIN = self.location.origin;
const API_ORIGINS = KIRYANA_API_ORIGIN ? [ORIGIN, KIRYANA_API_ORIGIN] : [ORIGIN];
const OFFLINE_PAGE = '/offline/';
/** Pages kept, and listed on the offline page: enough for a shopping session, small on a phone. */
const PAGES_KEPT = 60;
const PAGES_LISTED = 30;
const DAY = 24 * 60 * 60;

/** A page that cannot be fetched and was never seen: the offline page, with the pages that were. */
const offlineFallback: SerwistPlugin = {
  handlerDidError: async () => {
    const page = await serwist.matchPrecache(OFFLINE_PAGE);
    if (!page) return undefined;
    const cache = await caches.open(cacheName(BUILD, 'pages'));
    const paths = seenPaths((await cache.keys()).map((request) => request.url), ORIGIN, PAGES_LISTED);
    const seen: SeenPage[] = await Promise.all(
      paths.map(async (path) => ({ path, title: pageTitle((await (await cache.match(path))?.text()) ?? '', path) })),
    );
    return new Response(offlinePageHtml(await page.text(), seen), { status: 200, headers: page.headers });
  },
};

/** A kept live reply is only ever answered when the network failed: it says so, and since when. */
const markOfflineCopy: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse && markedOfflineCopy(cachedResponse, cachedResponse.headers.get('Date') ?? ''),
};

const serwist = new Serwist({
  precacheEntries: KIRYANA_PRECACHE,
  // The build's caches are deleted whole on activation (below), not entry by entry.
  precacheOptions: { cleanupOutdatedCaches: false },
  cacheId: buildCachePrefix(BUILD),
  // The first worker looks after the page that registered it; a later one waits for the shopper
  // (Serwist takes over on the `SKIP_WAITING` message the update notice's Reload sends).
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, url }) => isPrivatePage(request, url, ORIGIN),
      handler: new NetworkOnly({ plugins: [offlineFallback] }),
    },
    {
      matcher: ({ request, url }) => isPage(request, url, ORIGIN),
      handler: new NetworkFirst({
        cacheName: cacheName(BUILD, 'pages'),
        plugins: [new ExpirationPlugin({ maxEntries: PAGES_KEPT, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }), offlineFallback],
      }),
    },
    {
      matcher: ({ url }) => isArtwork(url, ORIGIN),
      handler: new CacheFirst({
        cacheName: cacheName(BUILD, 'images'),
        plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
      }),
    },
    {
      matcher: ({ url }) => isHashedAsset(url, ORIGIN),
      handler: new CacheFirst({
        cacheName: cacheName(BUILD, 'assets'),
        plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
      }),
    },
    {
      matcher: ({ request, url }) => isSearchIndex(request, url, ORIGIN),
      handler: new NetworkFirst({
        cacheName: cacheName(BUILD, 'search'),
        plugins: [new ExpirationPlugin({ maxEntries: 1, purgeOnQuotaError: true })],
      }),
    },
    {
      matcher: ({ request, url }) => isLiveFigures(request, url, API_ORIGINS),
      handler: new NetworkFirst({
        cacheName: cacheName(BUILD, 'live'),
        plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }), markOfflineCopy],
      }),
    },
  ],
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(cachesOfOtherBuilds(await caches.keys(), BUILD).map((name) => caches.delete(name)));
      // The page that registered the first worker was fetched before it: keep it now, so it opens offline too.
      const pages = await caches.open(cacheName(BUILD, 'pages'));
      const open = await self.clients.matchAll({ type: 'window' });
      await Promise.all(
        open
          .map((client) => new URL(client.url))
          .filter((url) => url.origin === ORIGIN && isKeptPath(url.pathname) && !serwist.getPrecacheKeyForUrl(url.href))
          .map(async (url) => {
            if (await pages.match(url.href)) return;
            const reply = await fetch(url.href).catch(() => undefined);
            if (reply?.ok) await pages.put(url.href, reply);
          }),
      );
    })(),
  );
});

serwist.addEventListeners();
