import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine, WishlistItem } from '#lib/schemas/cart.ts';
import { memoryStorage } from '#lib/test/memory-storage.ts';
import { $cart } from '#features/cart/store.ts';
import { addToCart, clearCart, removeFromCart, setQuantity } from '#features/cart/actions.ts';
import { $wishlist } from '#features/wishlist/store.ts';
import { addToWishlist, removeFromWishlist } from '#features/wishlist/actions.ts';
import { $token } from './store.ts';
import { clearSession, logout, onSignOutFlush, signIn } from './user.ts';
import type { SyncOp } from '#lib/outbox.ts';
import { ACCOUNT_LISTS_KEY, LAPSED_LISTS_KEY, outboxKeys } from '#lib/outbox-keys.ts';
import { decodeOutbox } from '#features/sync/rules.ts';
import { adoptGuestLists, mergeOps } from './adopt.ts';
import { forgetAccountLists } from './signed-out.ts';
import { SIGNED_OUT_NOTICE, sessionExpired } from './api.ts';

beforeAll(() => useTestStorageEngine());

const atta: CartLine = { productId: 'atta', productTitle: 'Atta', price: 900, quantity: 2, images: [] };
const { quantity: _q, ...attaItem } = atta;
const tea: CartLine = { productId: 'tea', productTitle: 'Tea', price: 450, quantity: 1, images: [] };
const { quantity: _t, ...teaItem } = tea;
const dates: WishlistItem = { _id: 'dates', name: 'Dates', price: 800, discount: 100, image: '/d.webp', stock: 5 };
let storage: Storage;
const queued = (): SyncOp[] =>
  decodeOutbox(outboxKeys(storage).map((k) => [k, storage.getItem(k)])).entries.map(({ op: { id: _id, ...op } }) => op as SyncOp);

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  $cart.set([]);
  $wishlist.set([]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  cleanTestStorage();
});

describe('a guest', () => {
  it('changes the lists in the browser only: nothing is queued', () => {
    addToCart(attaItem, 2, { notify: false });
    setQuantity('atta', 3);
    addToWishlist(dates);
    removeFromCart('atta');
    clearCart();
    expect(outboxKeys(storage)).toEqual([]);
    expect($wishlist.get()).toEqual([dates]);
  });

  it('keeps its own lists when no session ends (they are not an account\'s)', () => {
    $cart.set([atta]);
    forgetAccountLists();
    expect($cart.get()).toEqual([atta]);
  });
});

describe('sign-in', () => {
  it('queues the guest lists for the account once, marks them, then records every change', () => {
    $cart.set([atta]);
    $wishlist.set([dates]);
    signIn('tok', { name: 'Ayesha', email: 'a@b.pk', phone: '' });
    expect(storage.getItem(ACCOUNT_LISTS_KEY)).toBe('1');
    expect(queued()).toEqual([
      { kind: 'cart-add', lines: [atta] },
      { kind: 'wishlist-add', items: [dates] },
    ]);
    // The marked lists are the account's cache: never merged again.
    adoptGuestLists(storage);
    expect(queued()).toHaveLength(2);

    addToCart(attaItem, 1, { notify: false });
    setQuantity('atta', 5);
    removeFromWishlist('dates', { notify: false });
    removeFromCart('atta');
    clearCart();
    expect(queued().slice(2)).toEqual([
      { kind: 'cart-add', lines: [{ ...atta, quantity: 1 }] },
      { kind: 'cart-set', productId: 'atta', quantity: 5 },
      { kind: 'wishlist-remove', productId: 'dates' },
      { kind: 'cart-remove', productId: 'atta' },
      { kind: 'cart-clear' },
    ]);
  });

  it('empties lists still marked as an account\'s (a session that ended unseen) instead of merging them', () => {
    storage.setItem(ACCOUNT_LISTS_KEY, '1');
    $cart.set([atta]);
    signIn('tok', { name: 'Ayesha', email: 'a@b.pk', phone: '' });
    expect($cart.get()).toEqual([]);
    expect(queued()).toEqual([]);
    expect(storage.getItem(ACCOUNT_LISTS_KEY)).toBe('1');
  });
});

describe('the end of a session', () => {
  it('empties the account\'s lists and outbox, and unmarks them', () => {
    signIn('tok', { name: 'Ayesha', email: 'a@b.pk', phone: '' });
    addToCart(attaItem, 2, { notify: false });
    addToWishlist(dates);
    clearSession();
    expect($token.get()).toBeUndefined();
    forgetAccountLists();
    expect($cart.get()).toEqual([]);
    expect($wishlist.get()).toEqual([]);
    expect(Object.keys(storage)).toEqual([]);
    // Unmarked: a guest's next changes stay in the browser.
    addToCart(attaItem, 1, { notify: false });
    expect(outboxKeys(storage)).toEqual([]);
  });
});

describe('a session that lapses (a 401)', () => {
  it('keeps the lists the shopper saw as a guest\'s, says so once, and sets (never adds) their lines at the next sign-in', () => {
    signIn('tok', { name: 'Ayesha', email: 'a@b.pk', phone: '' });
    addToCart(attaItem, 2, { notify: false });
    addToWishlist(dates);
    const go = vi.fn();
    const notify = vi.fn();
    // The cart's and the wishlist's pulls both answered 401 on the home page.
    sessionExpired({ here: '/', go, notify });
    sessionExpired({ here: '/', go, notify });
    expect($token.get()).toBeUndefined();
    expect(notify).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith(SIGNED_OUT_NOTICE);
    expect(go).not.toHaveBeenCalled();
    // What the end of a session does in every tab finds nothing of an account's to empty.
    forgetAccountLists();
    expect($cart.get()).toEqual([{ ...atta, quantity: 2 }]);
    expect($wishlist.get()).toEqual([dates]);
    expect(outboxKeys(storage)).toEqual([]);
    expect(storage.getItem(ACCOUNT_LISTS_KEY)).toBeNull();
    expect(storage.getItem(LAPSED_LISTS_KEY)).toBe('1');

    // As a guest: browser only.
    addToCart(teaItem, 1, { notify: false });
    expect(outboxKeys(storage)).toEqual([]);

    // Signing in again sets each line to what the shopper saw: the account's own lines are not doubled.
    signIn('tok2', { name: 'Ayesha', email: 'a@b.pk', phone: '' });
    expect(queued()).toEqual([
      { kind: 'cart-set', productId: 'atta', quantity: 2 },
      { kind: 'cart-set', productId: 'tea', quantity: 1 },
      { kind: 'wishlist-add', items: [dates] },
    ]);
    expect(storage.getItem(LAPSED_LISTS_KEY)).toBeNull();
    expect(storage.getItem(ACCOUNT_LISTS_KEY)).toBe('1');
  });

  it('leaves a guest\'s own lists unmarked (they were never an account\'s)', () => {
    $cart.set([atta]);
    sessionExpired({ here: '/', go: vi.fn(), notify: vi.fn() });
    expect($cart.get()).toEqual([atta]);
    expect(storage.getItem(LAPSED_LISTS_KEY)).toBeNull();
  });
});

describe('logout', () => {
  it('first sends the outbox (the revoke waits for it), but never longer than its bound', async () => {
    signIn('tok', { name: 'Ayesha', email: 'a@b.pk', phone: '' });
    const order: string[] = [];
    onSignOutFlush(() => new Promise((done) => setTimeout(() => (order.push('flushed'), done(undefined)), 20)));
    await logout(async () => void order.push('revoked'), () => order.push('reloaded'));
    expect(order).toEqual(['flushed', 'revoked', 'reloaded']);

    signIn('tok', { name: 'Ayesha', email: 'a@b.pk', phone: '' });
    order.length = 0;
    onSignOutFlush(() => new Promise(() => {}));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const done = logout(async () => void order.push('revoked'), () => order.push('reloaded'), 50);
      await vi.advanceTimersByTimeAsync(49);
      expect(order).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(order).toEqual(['revoked', 'reloaded']);
      await done;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the sign-in merge', () => {
  it('is one cart-add with the guest lines and one wishlist-add with the guest items', () => {
    expect(mergeOps([atta, tea], [dates])).toEqual([
      { kind: 'cart-add', lines: [atta, tea] },
      { kind: 'wishlist-add', items: [dates] },
    ]);
    expect(mergeOps([], [])).toEqual([]);
  });

  it('of lists kept from a lapsed session sets each line instead', () => {
    expect(mergeOps([atta, tea], [dates], true)).toEqual([
      { kind: 'cart-set', productId: 'atta', quantity: 2 },
      { kind: 'cart-set', productId: 'tea', quantity: 1 },
      { kind: 'wishlist-add', items: [dates] },
    ]);
  });

  it('splits more lines than the contract takes at once', () => {
    const lines = Array.from({ length: 230 }, (_, i) => ({ ...tea, productId: `p${i}` }));
    const ops = mergeOps(lines, []);
    expect(ops.map((op) => (op.kind === 'cart-add' ? op.lines.length : 0))).toEqual([100, 100, 30]);
  });
});
