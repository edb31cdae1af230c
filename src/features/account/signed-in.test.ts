import { describe, expect, it } from 'vitest';
import { afterSignIn } from './signed-in.ts';

describe('after signing in', () => {
  it('the shopper goes back to the page sign-in was asked from', () => {
    expect(afterSignIn('?next=%2Faccount%2F')).toBe('/account/');
    expect(afterSignIn('?next=%2Fprofile%2F')).toBe('/profile/');
  });
  it('or home, when none is given or it is not a page of this store', () => {
    for (const search of ['', '?next=', '?next=%2F%2Fevil.com', '?next=https%3A%2F%2Fevil.com', '?next=%2F%5Cevil.com', '?next=javascript%3Aalert(1)', '?next=%2Fsignin%2F']) {
      expect(afterSignIn(search), search).toBe('/');
    }
  });

  it('without `next`, back to the page of this store the Sign In link was followed from', () => {
    const origin = 'https://kiryana.pk';
    expect(afterSignIn('', `${origin}/product/atta/`, origin)).toBe('/product/atta/');
    expect(afterSignIn('', `${origin}/search/?q=tea`, origin)).toBe('/search/?q=tea');
    expect(afterSignIn('?next=%2Faccount%2F', `${origin}/product/atta/`, origin)).toBe('/account/');
    // Another site, a sign-in page, nothing: home.
    for (const referrer of ['https://evil.example/account/', `${origin}/register/`, `${origin}/signin/`, '', 'not a url']) {
      expect(afterSignIn('', referrer, origin), referrer).toBe('/');
    }
  });
});
