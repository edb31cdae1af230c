import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  cleanTestStorage();
  vi.resetModules();
});

/** A fresh page: sessionExpired answers a lapsed session once a page load. */
async function freshPage() {
  const { sessionExpired, SIGNED_OUT_NOTICE } = await import('./api.ts');
  const go = vi.fn();
  const notify = vi.fn();
  return { go, notify, SIGNED_OUT_NOTICE, expire: (here: string) => sessionExpired({ here, go, notify }) };
}

describe('a session found ended (a 401)', () => {
  it.each(['/', '/product/atta/', '/category/bakery/', '/search/?q=tea', '/cart/', '/wishlist/', '/checkout-page/', '/order/order-status/abc/', '/about/'])(
    'on %s: the shopper stays, a guest, told once however many calls were refused',
    async (here) => {
      const page = await freshPage();
      for (let i = 0; i < 3; i++) {
        setTestStorageKey('token', 'revoked');
        setTestStorageKey('userName', 'Ayesha');
        page.expire(here);
        expect(getTestStorage()).toEqual({});
      }
      expect(page.go).not.toHaveBeenCalled();
      expect(page.notify).toHaveBeenCalledOnce();
      expect(page.notify).toHaveBeenCalledWith(page.SIGNED_OUT_NOTICE);
    },
  );

  it.each([
    ['/account/', '/signin/?next=%2Faccount%2F'],
    ['/account/#orders-heading', '/signin/?next=%2Faccount%2F%23orders-heading'],
    ['/profile/', '/signin/?next=%2Fprofile%2F'],
  ])('on %s: sign-in is asked, once, to come back here', async (here, signin) => {
    const page = await freshPage();
    for (let i = 0; i < 3; i++) {
      setTestStorageKey('token', 'revoked');
      page.expire(here);
    }
    expect(page.go).toHaveBeenCalledOnce();
    expect(page.go).toHaveBeenCalledWith(signin);
    expect(page.notify).not.toHaveBeenCalled();
  });

  it('of a guest (no token was stored) says nothing on a page anyone may see', async () => {
    const page = await freshPage();
    page.expire('/');
    expect(page.notify).not.toHaveBeenCalled();
    expect(page.go).not.toHaveBeenCalled();
  });
});
