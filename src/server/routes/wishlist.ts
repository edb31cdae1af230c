/**
 * /api/wishlist: a signed-in shopper's wishlist, kept on the server so every device shows the same
 * one (the contract is src/lib/schemas/sync.ts). Thin: the token names the owner, the rules live in
 * src/server/lists/.
 */
import type { Clock } from '#server/clock.ts';
import { z } from 'zod';
import { WishlistItemSchema } from '#lib/schemas/cart.ts';
import { WishlistAddSchema } from '#lib/schemas/sync.ts';
import type { Database } from '#server/db/client.ts';
import { parseBody } from '#server/http/body.ts';
import { pathParam } from '#server/http/params.ts';
import { part, refusal, route } from '#server/http/openapi.ts';
import { uncachedRoutes } from '#server/http/replies.ts';
import { addToWishlist, clearWishlist, readWishlist, removeFromWishlist } from '#server/lists/wishlist.ts';
import { CHANGE_HEADERS, listChangeOf, listReply, replayFlag, shopperId, type ListAccounts } from './list-change.ts';

const TAG = 'Wishlist';
const item = part(WishlistItemSchema);
const changed = { 200: { description: 'The wishlist after the change.', schema: listReply('wishlist', item) }, 400: refusal('A bad Idempotency-Key or path parameter.') };

export function wishlistRoutes(db: Database, accounts: ListAccounts, clock: Clock) {
  const app = uncachedRoutes();

  route(app, {
    method: 'get',
    path: '/',
    tag: TAG,
    summary: "The shopper's wishlist, oldest first",
    access: 'bearer',
    replies: { 200: { description: 'The wishlist.', schema: listReply('wishlist', item) } },
  }, async (c) => c.json({ success: true, wishlist: await readWishlist(db, await shopperId(c, accounts)) }));

  route(app, {
    method: 'post',
    path: '/',
    tag: TAG,
    summary: 'Add products (those the catalogue knows and the list lacks)',
    access: 'bearer',
    headers: CHANGE_HEADERS,
    body: WishlistAddSchema,
    replies: { 200: { description: 'The wishlist; `skipped`: ids the catalogue does not know.', schema: listReply('wishlist', item, { skipped: z.array(z.string()) }) } },
  }, async (c) => {
    const change = await listChangeOf(c, accounts, clock);
    const { productIds } = await parseBody(c, WishlistAddSchema);
    const { wishlist, skipped, replayed } = await addToWishlist(db, change, productIds);
    return c.json({ success: true, wishlist, skipped, ...replayFlag(replayed) });
  });

  route(app, {
    method: 'delete',
    path: '/remove/{productId}',
    tag: TAG,
    summary: 'Remove a product (an absent one is still a 200)',
    access: 'bearer',
    headers: CHANGE_HEADERS,
    replies: changed,
  }, async (c) => {
    const change = await listChangeOf(c, accounts, clock);
    const { wishlist, replayed } = await removeFromWishlist(db, change, pathParam(c, 'productId'));
    return c.json({ success: true, wishlist, ...replayFlag(replayed) });
  });

  route(app, {
    method: 'delete',
    path: '/clear',
    tag: TAG,
    summary: 'Empty the wishlist',
    access: 'bearer',
    headers: CHANGE_HEADERS,
    replies: changed,
  }, async (c) => {
    const { wishlist, replayed } = await clearWishlist(db, await listChangeOf(c, accounts, clock));
    return c.json({ success: true, wishlist, ...replayFlag(replayed) });
  });

  return app;
}
