/**
 * /api/cart: a signed-in shopper's cart, kept on the server so every device shows the same one (the
 * contract is src/lib/schemas/sync.ts). Thin: the token names the owner, the rules live in
 * src/server/lists/.
 */
import type { Clock } from '#server/clock.ts';
import { CartAddSchema, CartRemoveSchema, CartSetSchema } from '#lib/schemas/sync.ts';
import type { Database } from '#server/db/client.ts';
import { parseBody } from '#server/http/body.ts';
import { uncachedRoutes } from '#server/http/replies.ts';
import { addToCart, clearCart, readCart, removeCartLine, setCartLine } from '#server/lists/cart.ts';
import { listChangeOf, replayFlag, shopperId, type ListAccounts } from './list-change.ts';

export function cartRoutes(db: Database, accounts: ListAccounts, clock: Clock) {
  const app = uncachedRoutes();

  app.get('/', async (c) => c.json({ success: true, cart: await readCart(db, await shopperId(c, accounts)) }));

  app.post('/', async (c) => {
    const change = await listChangeOf(c, accounts, clock);
    const { items } = await parseBody(c, CartAddSchema);
    const { cart, skipped, capped, replayed } = await addToCart(db, change, items);
    return c.json({ success: true, cart, skipped, capped, ...replayFlag(replayed) });
  });

  app.put('/update', async (c) => {
    const change = await listChangeOf(c, accounts, clock);
    const { productId, quantity } = await parseBody(c, CartSetSchema);
    const { cart, capped, replayed } = await setCartLine(db, change, productId, quantity);
    return c.json({ success: true, cart, capped, ...replayFlag(replayed) });
  });

  app.delete('/remove', async (c) => {
    const change = await listChangeOf(c, accounts, clock);
    const { productId } = await parseBody(c, CartRemoveSchema);
    const { cart, replayed } = await removeCartLine(db, change, productId);
    return c.json({ success: true, cart, ...replayFlag(replayed) });
  });

  app.delete('/clear', async (c) => {
    const { cart, replayed } = await clearCart(db, await listChangeOf(c, accounts, clock));
    return c.json({ success: true, cart, ...replayFlag(replayed) });
  });

  return app;
}
