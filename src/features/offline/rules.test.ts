import { describe, expect, it } from 'vitest';
import { OFFLINE_COPY_FIELD, OFFLINE_COPY_HEADER } from '#lib/offline-copy.ts';
import {
  cacheName,
  cachesOfOtherBuilds,
  isArtwork,
  isHashedAsset,
  isKeptPath,
  isLiveFigures,
  isPage,
  isPrivateCopy,
  isPrivatePage,
  isSearchIndex,
  markedOfflineCopy,
  offlinePageHtml,
  pageTitle,
  seenPaths,
} from './rules.ts';

const ORIGIN = 'https://kiryana.pk';
const at = (path: string, origin = ORIGIN) => new URL(path, origin);
const navigate = { method: 'GET', mode: 'navigate' } as const;

describe('which requests the worker answers', () => {
  it('pages: navigations on the site, never into the API, never a POST', () => {
    expect(isPage(navigate, at('/product/atta-10kg/'), ORIGIN)).toBe(true);
    expect(isPage(navigate, at('/search/?q=atta'), ORIGIN)).toBe(true);
    expect(isPage(navigate, at('/api/users/me'), ORIGIN)).toBe(false);
    // The staff pages and their API: never kept, never answered from a cache.
    for (const path of ['/staff/', '/staff', '/staff/orders/', '/staff/accept/#token', '/staff/order/?number=KIR-1', '/api/staff/me']) {
      expect(isPage(navigate, at(path), ORIGIN), path).toBe(false);
      expect(isLiveFigures({ method: 'GET' }, at(path), [ORIGIN]), path).toBe(false);
    }
    expect(isPage(navigate, at('/staffing-tips/'), ORIGIN)).toBe(true);
    expect(isPage({ method: 'POST', mode: 'navigate' }, at('/checkout-page/'), ORIGIN)).toBe(false);
    expect(isPage({ method: 'GET', mode: 'cors' }, at('/product/atta-10kg/'), ORIGIN)).toBe(false);
    expect(isPage(navigate, at('/', 'https://elsewhere.pk'), ORIGIN)).toBe(false);
  });

  it("a shopper's private pages (orders, password resets, account, profile): never kept, answered from the network only", () => {
    const orderId = '6790a1b2c3d4e5f6a7b8c9d0';
    const privatePaths = [
      `/order/success/${orderId}/`,
      `/order/order-status/${orderId}/`,
      '/order/order-status/KR-ABCD-EFGH/#cancel-order',
      '/passwordreset/q9vJ-token_x',
      '/account/',
      '/account',
      '/profile/',
      // Spelt another way, the same page to the server.
      `/%6Frder/success/${orderId}/`,
      `/Order/order-status/${orderId}/`,
    ];
    for (const path of privatePaths) {
      const url = at(path);
      expect([isPage(navigate, url, ORIGIN), isKeptPath(url.pathname), isPrivatePage(navigate, url, ORIGIN)], path).toEqual([false, false, true]);
    }
    for (const path of ['/', '/OrderStatus/', '/orders-and-returns/', '/accounting-tips/', '/cart/', '/checkout-page/', '/product/atta-10kg/']) {
      const url = at(path);
      expect([isPage(navigate, url, ORIGIN), isPrivatePage(navigate, url, ORIGIN)], path).toEqual([true, false]);
    }
    expect(isPrivatePage({ method: 'GET', mode: 'cors' }, at('/account/'), ORIGIN)).toBe(false);
    expect(isPrivatePage(navigate, at('/account/', 'https://elsewhere.pk'), ORIGIN)).toBe(false);
  });

  it("what a logout removes from the caches: private pages of the site and API replies, never the live figures nor other pages", () => {
    const api = 'https://api.kiryana.pk';
    expect(isPrivateCopy(`${ORIGIN}/order/success/abc/`, ORIGIN)).toBe(true);
    expect(isPrivateCopy(`${ORIGIN}/passwordreset/tok`, ORIGIN)).toBe(true);
    expect(isPrivateCopy(`${ORIGIN}/profile/`, ORIGIN)).toBe(true);
    expect(isPrivateCopy(`${ORIGIN}/api/users/me`, ORIGIN)).toBe(true);
    expect(isPrivateCopy(`${api}/api/order/order-status/abc`, ORIGIN)).toBe(true);
    expect(isPrivateCopy(`${ORIGIN}/api/products/live?ids=a`, ORIGIN)).toBe(false);
    expect(isPrivateCopy(`${api}/api/products/live?ids=a`, ORIGIN)).toBe(false);
    for (const path of ['/', '/cart/', '/product/atta/', '/_astro/x.js', '/images/a.avif', '/search-index.json']) expect(isPrivateCopy(`${ORIGIN}${path}`, ORIGIN), path).toBe(false);
  });

  it('pictures: AVIF and WebP under /images/ on the site only', () => {
    expect(isArtwork(at('/images/products/atta-400.avif'), ORIGIN)).toBe(true);
    expect(isArtwork(at('/images/hero/hero-1-1440.webp'), ORIGIN)).toBe(true);
    expect(isArtwork(at('/images/logo.svg'), ORIGIN)).toBe(false);
    expect(isArtwork(at('/api/images/x.avif'), ORIGIN)).toBe(false);
    expect(isArtwork(at('/images/a.avif', 'https://cdn.example'), ORIGIN)).toBe(false);
  });

  it("hashed files: Astro's /_astro/ only", () => {
    expect(isHashedAsset(at('/_astro/shop.CaFC25hE.js'), ORIGIN)).toBe(true);
    expect(isHashedAsset(at('/sw.js'), ORIGIN)).toBe(false);
    expect(isHashedAsset(at('/search-index.json'), ORIGIN)).toBe(false);
  });

  it('the search index: GET /search-index.json on the site only, never a hashed file or an API call', () => {
    const get = { method: 'GET' };
    expect(isSearchIndex(get, at('/search-index.json'), ORIGIN)).toBe(true);
    expect(isSearchIndex(get, at('/search-index.json?x=1'), ORIGIN)).toBe(true);
    expect(isSearchIndex({ method: 'POST' }, at('/search-index.json'), ORIGIN)).toBe(false);
    expect(isSearchIndex(get, at('/search-index.json', 'https://cdn.example'), ORIGIN)).toBe(false);
    expect(isSearchIndex(get, at('/search-index-abc.json'), ORIGIN)).toBe(false);
    expect(isSearchIndex(get, at('/api/products?q=atta'), ORIGIN)).toBe(false);
    expect(isHashedAsset(at('/search-index.json'), ORIGIN)).toBe(false);
    expect(isPage(navigate, at('/search/?q=atta'), ORIGIN) && !isSearchIndex(get, at('/search/?q=atta'), ORIGIN)).toBe(true);
  });

  it('API: only GET /api/products/live with ids, on the site or the API origin; orders, accounts, reviews and lists never', () => {
    const origins = [ORIGIN, 'https://api.kiryana.pk'];
    const get = { method: 'GET' };
    expect(isLiveFigures(get, at('/api/products/live?ids=a,b'), origins)).toBe(true);
    expect(isLiveFigures(get, at('/api/products/live?ids=a', 'https://api.kiryana.pk'), origins)).toBe(true);
    expect(isLiveFigures(get, at('/api/products/live'), origins)).toBe(false);
    expect(isLiveFigures(get, at('/api/products/live?ids=a', 'https://other.pk'), origins)).toBe(false);
    expect(isLiveFigures({ method: 'POST' }, at('/api/products/live?ids=a'), origins)).toBe(false);
    for (const path of ['/api/users/me', '/api/order/place', '/api/products/a/reviews', '/api/cart', '/api/wishlist', '/api/products?q=atta']) {
      const url = at(path);
      expect([isLiveFigures(get, url, origins), isPage(navigate, url, ORIGIN), isArtwork(url, ORIGIN), isHashedAsset(url, ORIGIN), isSearchIndex(get, url, ORIGIN)], path).toEqual([false, false, false, false, false]);
    }
  });
});

describe('caches by build', () => {
  it("deletes every cache of the store not of this build, and nobody else's", () => {
    const names = [
      cacheName('aaa111', 'pages'),
      'kiryana-aaa111-precache-v2-https://kiryana.pk/',
      cacheName('bbb222', 'pages'),
      cacheName('bbb222', 'images'),
      'kiryana-bbb222-precache-v2-https://kiryana.pk/',
      'someone-else',
    ];
    expect(cachesOfOtherBuilds(names, 'bbb222')).toEqual([cacheName('aaa111', 'pages'), 'kiryana-aaa111-precache-v2-https://kiryana.pk/']);
    expect(cachesOfOtherBuilds(names, 'aaa111')).toEqual([cacheName('bbb222', 'pages'), cacheName('bbb222', 'images'), 'kiryana-bbb222-precache-v2-https://kiryana.pk/']);
  });
});

describe('the offline copy of live figures', () => {
  it('keeps the reply and says when it was saved, in a header and in the JSON', async () => {
    const reply = new Response('{"success":true,"data":[{"_id":"atta"}]}', { status: 200, headers: { 'Content-Type': 'application/json', 'Content-Length': '39' } });
    const marked = await markedOfflineCopy(reply, 'Thu, 26 Nov 2026 09:00:00 GMT');
    expect(marked.status).toBe(200);
    expect(marked.headers.get(OFFLINE_COPY_HEADER)).toBe('Thu, 26 Nov 2026 09:00:00 GMT');
    expect(marked.headers.get('Content-Type')).toBe('application/json');
    expect(await marked.json()).toEqual({ success: true, data: [{ _id: 'atta' }], [OFFLINE_COPY_FIELD]: 'Thu, 26 Nov 2026 09:00:00 GMT' });
    expect((await markedOfflineCopy(new Response('{}'), '')).headers.get(OFFLINE_COPY_HEADER)).toBe('unknown');
    const text = await markedOfflineCopy(new Response('not json'), 'Thu, 26 Nov 2026 09:00:00 GMT');
    expect(await text.text()).toBe('not json');
  });
});

describe('the offline page', () => {
  const page = '<main><ul class="mt-2" data-seen-pages></ul><p class="mt-2" data-none-seen>None yet</p></main>';

  it('lists the pages seen as plain links, escaped, and hides the none-yet line', () => {
    const html = offlinePageHtml(page, [
      { path: '/product/atta/', title: 'Atta 10 kg' },
      { path: '/search/?q=<b>&x=1', title: 'Daal & "Rice"' },
    ]);
    expect(html).toBe(
      '<main><ul class="mt-2" data-seen-pages><li><a class="text-link" href="/product/atta/">Atta 10 kg</a></li>' +
        '<li><a class="text-link" href="/search/?q=&#60;b&#62;&#38;x=1">Daal &#38; &#34;Rice&#34;</a></li></ul>' +
        '<p class="mt-2" data-none-seen hidden>None yet</p></main>',
    );
  });

  it('stays as built when nothing was seen', () => {
    expect(offlinePageHtml(page, [])).toBe(page);
  });

  it("reads a page's title without the shop's name, its path when it has none", () => {
    expect(pageTitle('<head><title>Daal &amp; Rice | Kiryana</title></head>', '/category/x/')).toBe('Daal & Rice');
    expect(pageTitle('<title>Kiryana: Groceries delivered across Pakistan</title>', '/')).toBe('Kiryana: Groceries delivered across Pakistan');
    expect(pageTitle('<p>no title</p>', '/about/')).toBe('/about/');
  });

  it('lists the latest kept first, each once, on the site only, at most the limit', () => {
    const urls = ['/a/', '/b/', '/a/', '/c/?q=1', '/d/'].map((p) => `${ORIGIN}${p}`).concat('https://elsewhere.pk/e/');
    expect(seenPaths(urls, ORIGIN, 10)).toEqual(['/d/', '/c/?q=1', '/a/', '/b/']);
    expect(seenPaths(urls, ORIGIN, 2)).toEqual(['/d/', '/c/?q=1']);
  });

  it('never lists a private page, even one a cache still holds', () => {
    const urls = ['/about/', '/order/success/abc/', '/passwordreset/tok', '/account/', '/cart/'].map((p) => `${ORIGIN}${p}`);
    expect(seenPaths(urls, ORIGIN, 10)).toEqual(['/cart/', '/about/']);
  });
});
