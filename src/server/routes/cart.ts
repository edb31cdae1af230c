/**
 * /api/cart: a signed-in shopper's cart, kept on the server so every device shows the same one (the
 * contract is src/lib/schemas/sync.ts). Thin: the token names the owner, the rules live in
 * src/server/lists/.
 */
import type { Clock } from '#server/clock.ts';
import { z } from 'zod';
import { CartAddSchema, CartRemoveSchema, CartSetSchema, ServerCartLineSchema } from '#lib/schemas/sync.ts';
import type { Database } from '#server/db/client.ts';
import { parseBody } from '#server/http/body.ts';
import { part, refusal, route } from '#server/http/openapi.ts';
import { uncachedRoutes } from '#server/http/replies.ts';
import { addToCart, clearCart, readCart, removeCartLine, setCartLine } from '#server/lists/cart.ts';
import { CHANGE_HEADERS, listChangeOf, listReply, replayFlag, shopperId, type ListAccounts } from './list-change.ts';

const TAG = 'Cart';
const line = part(ServerCartLineSchema);
const ids = z.array(z.string());

export function cartRoutes(db: Database, accounts: ListAccounts, clock: Clock) {
  const app = uncachedRoutes();

  route(app, {
    method: 'get',
    path: '/',
    tag: TAG,
    summary: "The shopper's cart, oldest line first, with today's figures",
    access: 'bearer',
    replies: { 200: { description: 'The cart.', schema: listReply('cart', line) } },
  }, async (c) => c.json({ success: true, cart: await readCart(db, await shopperId(c, accounts)) }));

  route(app, {
    method: 'post',
    path: '/',
    tag: TAG,
    summary: 'Merge lines into the cart (quantities added, capped by stock)',
    access: 'bearer',
    headers: CHANGE_HEADERS,
    body: CartAddSchema,
    replies: { 200: { description: '`skipped`: unknown ids; `capped`: lines held down by stock.', schema: listReply('cart', line, { skipped: ids, capped: ids }) } },
  }, async (c) => {
    const change = await listChangeOf(c, accounts, clock);
    const { items } = await parseBody(c, CartAddSchema);
    const { cart, skipped, capped, replayed } = await addToCart(db, change, items);
    return c.json({ success: true, cart, skipped, capped, ...replayFlag(replayed) });
  });

  route(app, {
    method: 'put',
    path: '/update',
    tag: TAG,
    summary: "Set a line's quantity (adding the line when absent)",
    access: 'bearer',
    headers: CHANGE_HEADERS,
    body: CartSetSchema,
    replies: { 200: { description: 'The cart; `capped` when stock held the line down.', schema: listReply('cart', line, { capped: ids }) }, 404: refusal('An unknown product.') },
  }, async (c) => {
    const change = await listChangeOf(c, accounts, clock);
    const { productId, quantity } = await parseBody(c, CartSetSchema);
    const { cart, capped, replayed } = await setCartLine(db, change, productId, quantity);
    return c.json({ success: true, cart, capped, ...replayFlag(replayed) });
  });

  route(app, {
    method: 'delete',
    path: '/remove',
    tag: TAG,
    summary: 'Remove a line (an absent one is still a 200)',
    access: 'bearer',
    headers: CHANGE_HEADERS,
    body: CartRemoveSchema,
    replies: { 200: { description: 'The cart.', schema: listReply('cart', line) } },
  }, async (c) => {
    const change = await listChangeOf(c, accounts, clock);
    const { productId } = await parseBody(c, CartRemoveSchema);
    const { cart, replayed } = await removeCartLine(db, change, productId);
    return c.json({ success: true, cart, ...replayFlag(replayed) });
  });

  route(app, {
    method: 'delete',
    path: '/clear',
    tag: TAG,
    summary: 'Empty the cart',
    access: 'bearer',
    headers: CHANGE_HEADERS,
    replies: { 200: { description: 'The cart.', schema: listReply('cart', line) }, 400: refusal('A bad Idempotency-Key.') },
  }, async (c) => {
    const { cart, replayed } = await clearCart(db, await listChangeOf(c, accounts, clock));
    return c.json({ success: true, cart, ...replayFlag(replayed) });
  });

  return app;
}
