import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '#lib/schemas/cart.ts';
import type { CheckResult } from './recheck.ts';
import { applyRecheck } from './reprice.ts';
import { $cart } from './store.ts';

beforeAll(() => useTestStorageEngine());
afterEach(() => cleanTestStorage());

const atta: CartLine = { productId: 'atta', productTitle: 'Atta', price: 900, quantity: 2, images: [] };
const tea: CartLine = { productId: 'tea', productTitle: 'Tea', price: 450, quantity: 1, images: [] };
const found = (price: number, discount: number): CheckResult => ({ kind: 'found', product: { price, discount, stock: 10 } });

describe('taking checked prices into the cart', () => {
  it('stores the new price of a line found repriced, and leaves the others as they were', () => {
    $cart.set([atta, tea]);
    applyRecheck(new Map([['atta', found(1000, 50)], ['tea', { kind: 'failed' }]]));
    expect(JSON.parse(getTestStorage().guestCart!)).toEqual([{ ...atta, price: 950, originalPrice: 1000 }, tea]);
  });

  it('writes nothing when no price changed', () => {
    $cart.set([atta, tea]);
    const heard = vi.fn();
    const stop = $cart.listen(heard);
    applyRecheck(new Map([['atta', found(900, 0)], ['tea', { kind: 'missing' }]]));
    expect(heard).not.toHaveBeenCalled();
    stop();
  });
});
