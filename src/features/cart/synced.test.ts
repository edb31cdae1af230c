import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '#lib/schemas/cart.ts';
import { $cart } from './store.ts';
import { forgetCart, replaceCartFromServer } from './synced.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => cleanTestStorage());

const atta: CartLine = { productId: 'atta', productTitle: 'Atta', price: 900, quantity: 2, images: [] };

describe("the sync's writes to the cart", () => {
  it('takes the server\'s cart, and stores nothing (wakes no listener) when it is the same', () => {
    const heard = vi.fn();
    const stop = $cart.listen(heard);
    replaceCartFromServer([atta]);
    expect(JSON.parse(getTestStorage().guestCart!)).toEqual([atta]);
    replaceCartFromServer([{ ...atta }]);
    expect(heard).toHaveBeenCalledOnce();
    replaceCartFromServer([{ ...atta, quantity: 3 }]);
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });

  it('forgets the cart in the browser', () => {
    replaceCartFromServer([atta]);
    forgetCart();
    expect($cart.get()).toEqual([]);
    expect(JSON.parse(getTestStorage().guestCart!)).toEqual([]);
  });
});
