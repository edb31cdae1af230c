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
});
