import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WishlistItem } from '#lib/schemas/cart.ts';
import { $wishlist } from './store.ts';
import { forgetWishlist, replaceWishlistFromServer } from './synced.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => cleanTestStorage());

const dates: WishlistItem = { _id: 'dates', name: 'Dates', price: 800, discount: 100, image: '/d.webp', stock: 5 };

describe("the sync's writes to the wishlist", () => {
  it('takes the server\'s wishlist, and stores nothing (wakes no listener) when it is the same', () => {
    const heard = vi.fn();
    const stop = $wishlist.listen(heard);
    replaceWishlistFromServer([dates]);
    expect(JSON.parse(getTestStorage().wishlist!)).toEqual([dates]);
    replaceWishlistFromServer([{ ...dates }]);
    expect(heard).toHaveBeenCalledOnce();
    replaceWishlistFromServer([]);
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });

  it('forgets the wishlist in the browser', () => {
    replaceWishlistFromServer([dates]);
    forgetWishlist();
    expect($wishlist.get()).toEqual([]);
  });
});
