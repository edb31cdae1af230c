import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeStored } from '#lib/stored.ts';
import { StoredCartSchema, StoredWishlistSchema, withProductIds } from '#lib/schemas/cart.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => cleanTestStorage());

const line = { productId: 'atta', productTitle: 'Atta', price: 900, quantity: 2, images: [] };

describe('stored cart and wishlist', () => {
  it('reads a stored cart, and a line\'s `_id` as the productId', () => {
    expect(decodeStored(StoredCartSchema, JSON.stringify([line]), [])).toEqual([line]);
    const { productId, ...rest } = line;
    expect(decodeStored(StoredCartSchema, JSON.stringify([{ ...rest, _id: productId }]), [], withProductIds)).toEqual([line]);
    expect(decodeStored(StoredCartSchema, JSON.stringify([{ ...line, quantity: 1.5 }]), [])).toEqual([]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['an object', '{"items":[]}'],
    ['a line without a price', JSON.stringify([{ ...line, price: undefined }])],
    ['a zero quantity', JSON.stringify([{ ...line, quantity: 0 }])],
    ['one good line and one bad', JSON.stringify([line, { productId: 'x' }])],
    ['null', 'null'],
  ])('reads %s as an empty cart', (_, raw) => {
    expect(decodeStored(StoredCartSchema, raw, [])).toEqual([]);
  });

  it('reads a foreign wishlist as empty', () => {
    expect(decodeStored(StoredWishlistSchema, '[{"id":1}]', [])).toEqual([]);
    expect(decodeStored(StoredWishlistSchema, '"hello"', [])).toEqual([]);
  });

  it('restores, saves every change and never writes corrupt data back half-read', async () => {
    setTestStorageKey('guestCart', JSON.stringify([line]));
    const { $cart, $cartCount } = await import('./store.ts');
    const { addToCart, removeFromCart, setQuantity } = await import('./actions.ts');
    $cart.listen(() => {});
    expect($cart.get()).toEqual([line]);
    expect($cartCount.get()).toBe(1); // distinct lines, not quantities (the stored line holds 2)
    addToCart({ productId: 'tea', productTitle: 'Tea', price: 450, images: [] }, 3, { notify: false });
    expect($cartCount.get()).toBe(2);
    expect(JSON.parse(getTestStorage().guestCart!)).toHaveLength(2);
    setQuantity('tea', 5);
    expect(JSON.parse(getTestStorage().guestCart!)[1].quantity).toBe(5);
    removeFromCart('atta');
    expect(JSON.parse(getTestStorage().guestCart!).map((l: { productId: string }) => l.productId)).toEqual(['tea']);
    // Steps count from what the cart holds as each lands (two taps replayed back to back are two).
    const { stepQuantity } = await import('./actions.ts');
    stepQuantity('tea', 1, 7);
    stepQuantity('tea', 1, 7);
    stepQuantity('tea', 1, 7);
    expect($cart.get()[0].quantity).toBe(7);
    stepQuantity('tea', -1, 3); // above the stock it still comes down one at a time
    expect($cart.get()[0].quantity).toBe(6);
    removeFromCart('atta'); // gone already: nothing happens
    expect($cart.get().map((l) => l.productId)).toEqual(['tea']);

    setTestStorageKey('guestCart', '[{"productId":"half"');
    expect($cart.get()).toEqual([]);
    expect(getTestStorage().guestCart).toBe('[{"productId":"half"');
  });
});
