import { lineQuantityCap } from '#lib/line-cap.ts';
import { describe, expect, it } from 'vitest';
import { CartReplySchema, WishlistReplySchema, CartAddSchema, CartSetSchema, CartRemoveSchema, WishlistAddSchema } from '#lib/schemas/sync.ts';
import type { CartLine, WishlistItem } from '#lib/schemas/cart.ts';
import { memoryStorage } from '#lib/test/memory-storage.ts';
import { enqueue, type QueuedOp, type SyncOp } from '#lib/outbox.ts';
import { OUTBOX_PREFIX, outboxKeys } from '#lib/outbox-keys.ts';
import { CartReply, WishlistReply, cartLineOf, decodeOp, decodeOutbox, rebaseCart, rebaseWishlist, requestOf } from './rules.ts';

const atta: CartLine = { productId: 'atta', productTitle: 'Atta 10 kg', price: 900, originalPrice: 1000, quantity: 2, images: ['/a.webp'] };
const tea: CartLine = { productId: 'tea', productTitle: 'Tea', price: 450, quantity: 1, images: [] };
const { quantity: _q, ...teaItem } = tea;
const dates: WishlistItem = { _id: 'dates', name: 'Dates', price: 800, discount: 100, image: '/d.webp', stock: 5 };
const honey: WishlistItem = { _id: 'honey', name: 'Honey', price: 1200, discount: 0, image: '/h.webp', stock: 0 };

describe('the outbox as stored', () => {
  it('keeps each change under a key of its own, in the order queued, with a random id', () => {
    const storage = memoryStorage();
    const first = enqueue({ kind: 'cart-clear' }, storage);
    const second = enqueue({ kind: 'cart-remove', productId: 'atta' }, storage);
    expect(first.id).not.toBe(second.id);
    expect(first.id).toMatch(/^[\x21-\x7e]{1,200}$/);
    const { entries, bad } = decodeOutbox(outboxKeys(storage).reverse().map((k) => [k, storage.getItem(k)]));
    expect(bad).toEqual([]);
    expect(entries.map((e) => e.op)).toEqual([first, second]);
  });

  it('drops what cannot be read, and never throws', () => {
    const good: QueuedOp = { id: 'k1', kind: 'cart-set', productId: 'atta', quantity: 3 };
    const stored: [string, string | null][] = [
      [`${OUTBOX_PREFIX}5:k1`, JSON.stringify(good)],
      [`${OUTBOX_PREFIX}3:x`, '{oops'],
      [`${OUTBOX_PREFIX}4:x`, 'null'],
      [`${OUTBOX_PREFIX}6:x`, JSON.stringify({ id: 'k2', kind: 'cart-explode' })],
      [`${OUTBOX_PREFIX}7:x`, JSON.stringify({ id: 'k3', kind: 'cart-set', productId: 'atta', quantity: 0 })],
      [`${OUTBOX_PREFIX}8:x`, JSON.stringify({ id: '', kind: 'cart-clear' })],
      [`${OUTBOX_PREFIX}9:x`, JSON.stringify({ id: 'k4', kind: 'cart-add', lines: [{ productId: 'x' }] })],
      [`${OUTBOX_PREFIX}10:x`, JSON.stringify({ id: 'k5', kind: 'wishlist-add', items: [] })],
      [`${OUTBOX_PREFIX}nope:x`, JSON.stringify({ id: 'k6', kind: 'cart-clear' })],
      [`${OUTBOX_PREFIX}11:x`, null],
    ];
    const { entries, bad } = decodeOutbox(stored);
    expect(entries.map((e) => e.op)).toEqual([good]);
    expect(bad).toHaveLength(stored.length - 1);
    expect(decodeOp('"text"')).toBeUndefined();
  });
});

describe('the calls of the contract', () => {
  it('maps every change to its path and a body the server accepts', () => {
    const ops: SyncOp[] = [
      { kind: 'cart-add', lines: [atta, { ...tea, quantity: 5000 }] },
      { kind: 'cart-set', productId: 'atta', quantity: 4 },
      { kind: 'cart-remove', productId: 'atta' },
      { kind: 'cart-clear' },
      { kind: 'wishlist-add', items: [dates, honey] },
      { kind: 'wishlist-remove', productId: 'a/b c' },
      { kind: 'wishlist-clear' },
    ];
    const calls = ops.map(requestOf);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/cart',
      'PUT /api/cart/update',
      'DELETE /api/cart/remove',
      'DELETE /api/cart/clear',
      'POST /api/wishlist',
      'DELETE /api/wishlist/remove/a%2Fb%20c',
      'DELETE /api/wishlist/clear',
    ]);
    expect(calls[0].body).toEqual({ items: [{ productId: 'atta', quantity: 2 }, { productId: 'tea', quantity: lineQuantityCap() }] });
    expect(CartAddSchema.safeParse(calls[0].body).success).toBe(true);
    expect(CartSetSchema.safeParse(calls[1].body).success).toBe(true);
    expect(CartRemoveSchema.safeParse(calls[2].body).success).toBe(true);
    expect(WishlistAddSchema.safeParse(calls[4].body).success).toBe(true);
    expect(calls[4].body).toEqual({ productIds: ['dates', 'honey'] });
  });

  it('restates the contract: the same replies as src/lib/schemas/sync.ts', () => {
    const cart = { cart: [{ ...atta, stock: 7 }] };
    const wishlist = { wishlist: [dates] };
    expect(CartReply.parse(cart)).toEqual(CartReplySchema.parse(cart));
    expect(WishlistReply.parse(wishlist)).toEqual(WishlistReplySchema.parse(wishlist));
    expect(CartReply.safeParse({ cart: [{ ...atta }] }).success).toBe(CartReplySchema.safeParse({ cart: [{ ...atta }] }).success);
  });
});

describe('the rebase: the server lists with the pending changes on top', () => {
  it('applies the pending cart changes in order through the cart rules', () => {
    const server = [cartLineOf({ ...atta, stock: 9 })];
    expect(server).toEqual([atta]);
    const pending: SyncOp[] = [
      { kind: 'cart-add', lines: [{ ...tea, quantity: 2 }, { ...atta, quantity: 1 }] },
      { kind: 'cart-set', productId: 'tea', quantity: 5 },
      { kind: 'wishlist-add', items: [dates] },
      { kind: 'cart-remove', productId: 'atta' },
    ];
    expect(rebaseCart(server, pending)).toEqual([{ ...teaItem, quantity: 5 }]);
    expect(rebaseCart(server, [{ kind: 'cart-clear' }, { kind: 'cart-add', lines: [tea] }])).toEqual([tea]);
    expect(rebaseCart(server, [])).toEqual(server);
    // A quantity set for a line the server no longer has shows nothing until the server adds it back.
    expect(rebaseCart([], [{ kind: 'cart-set', productId: 'atta', quantity: 3 }])).toEqual([]);
  });

  it('applies the pending wishlist changes in order through the wishlist rules', () => {
    expect(rebaseWishlist([dates], [{ kind: 'wishlist-add', items: [honey, dates] }, { kind: 'cart-clear' }])).toEqual([dates, honey]);
    expect(rebaseWishlist([dates, honey], [{ kind: 'wishlist-remove', productId: 'dates' }])).toEqual([honey]);
    expect(rebaseWishlist([dates], [{ kind: 'wishlist-clear' }, { kind: 'wishlist-add', items: [honey] }])).toEqual([honey]);
  });
});
