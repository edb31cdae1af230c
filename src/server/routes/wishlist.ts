/**
 * /api/wishlist: a signed-in shopper's wishlist, kept on the server so every device shows the same
 * one (the contract is src/lib/schemas/sync.ts). Thin: the token names the owner, the rules live in
 * src/server/lists/.
 */
import type { Clock } from '#server/clock.ts';
import { WishlistAddSchema } from '#lib/schemas/sync.ts';
import type { Database } from '#server/db/client.ts';
import { parseBody } from '#server/http/body.ts';
import { pathParam } from '#server/http/params.ts';
import { uncachedRoutes } from '#server/http/replies.ts';
import { addToWishlist, clearWishlist, readWishlist, removeFromWishlist } from '#server/lists/wishlist.ts';
import { listChangeOf, replayFlag, shopperId, type ListAccounts } from './list-change.ts';

export function wishlistRoutes(db: Database, accounts: ListAccounts, clock: Clock) {
  const app = uncachedRoutes();

  app.get('/', async (c) => c.json({ success: true, wishlist: await readWishlist(db, await shopperId(c, accounts)) }));

  app.post('/', async (c) => {
    const change = await listChangeOf(c, accounts, clock);
    const { productIds } = await parseBody(c, WishlistAddSchema);
    const { wishlist, skipped, replayed } = await addToWishlist(db, change, productIds);
    return c.json({ success: true, wishlist, skipped, ...replayFlag(replayed) });
  });

  app.delete('/remove/:productId', async (c) => {
    const change = await listChangeOf(c, accounts, clock);
    const { wishlist, replayed } = await removeFromWishlist(db, change, pathParam(c, 'productId'));
    return c.json({ success: true, wishlist, ...replayFlag(replayed) });
  });

  app.delete('/clear', async (c) => {
    const { wishlist, replayed } = await clearWishlist(db, await listChangeOf(c, accounts, clock));
    return c.json({ success: true, wishlist, ...replayFlag(replayed) });
  });

  return app;
}
