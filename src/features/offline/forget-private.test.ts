import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheName } from './rules.ts';
import { forgetPrivateCopies } from './forget-private.ts';

const ORIGIN = 'https://kiryana.pk';

/** The Cache Storage of a page, in memory: cache names to the URLs each holds. */
function cacheStorage(contents: Record<string, string[]>) {
  const stores = new Map(Object.entries(contents).map(([name, urls]) => [name, new Set(urls)]));
  return {
    stores,
    keys: async () => [...stores.keys()],
    open: async (name: string) => ({
      keys: async () => [...(stores.get(name) ?? [])].map((url) => new Request(url)),
      delete: async (request: Request) => stores.get(name)!.delete(request.url),
    }),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('forgetPrivateCopies', () => {
  it("removes the shopper's pages and API replies from every cache of the store, and nothing else", async () => {
    const pages = cacheName('aaa111', 'pages');
    const live = cacheName('aaa111', 'live');
    const storage = cacheStorage({
      [pages]: [`${ORIGIN}/about/`, `${ORIGIN}/order/order-status/abc/`, `${ORIGIN}/order/success/abc/`, `${ORIGIN}/passwordreset/tok`, `${ORIGIN}/account/`, `${ORIGIN}/cart/`],
      [live]: [`${ORIGIN}/api/products/live?ids=a`, `${ORIGIN}/api/users/me`],
      'someone-else': [`${ORIGIN}/order/success/abc/`],
    });
    vi.stubGlobal('caches', storage);
    vi.stubGlobal('location', { origin: ORIGIN });
    await forgetPrivateCopies();
    expect(Object.fromEntries([...storage.stores].map(([name, urls]) => [name, [...urls]]))).toEqual({
      [pages]: [`${ORIGIN}/about/`, `${ORIGIN}/cart/`],
      [live]: [`${ORIGIN}/api/products/live?ids=a`],
      'someone-else': [`${ORIGIN}/order/success/abc/`],
    });
  });

  it('never throws: without Cache Storage, or when it refuses', async () => {
    await expect(forgetPrivateCopies()).resolves.toBeUndefined();
    vi.stubGlobal('caches', { keys: () => Promise.reject(new Error('SecurityError')) });
    vi.stubGlobal('location', { origin: ORIGIN });
    await expect(forgetPrivateCopies()).resolves.toBeUndefined();
  });
});
