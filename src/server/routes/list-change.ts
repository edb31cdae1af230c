/**
 * What every cart and wishlist route reads first: the shopper (Bearer token, 401 otherwise; there is
 * no user id in these paths) and, for a change, its Idempotency-Key (IDEMPOTENCY_KEY's shape,
 * 400 otherwise). Their replies are never cached (uncachedRoutes, src/server/http/replies.ts).
 */
import type { Context } from 'hono';
import { SYNC_MESSAGES } from '#lib/schemas/sync.ts';
import type { Accounts } from '#server/auth/accounts.ts';
import type { Clock } from '#server/clock.ts';
import { idempotencyKeyOf } from '#server/http/idempotency-key.ts';
import type { ListChange } from '#server/lists/change.ts';
import { z } from 'zod';

/** What a change may carry: the key that makes a retried change happen once. */
export const CHANGE_HEADERS = {
  'Idempotency-Key': 'Optional, 1 to 200 visible ASCII characters (else a 400): a key applied before changes nothing and replays the current list with `replayed: true`.',
};

/** A list reply: `{success, [list]}` and, for a change, `replayed: true` when its key was applied before. */
export const listReply = (name: 'cart' | 'wishlist', line: z.ZodType, more: z.ZodRawShape = {}) =>
  z.strictObject({ success: z.literal(true), [name]: z.array(line), ...more, replayed: z.literal(true).optional() });

export type ListAccounts = Pick<Accounts, 'authenticate'>;

/** The signed-in shopper's id. */
export async function shopperId(c: Context, accounts: ListAccounts): Promise<string> {
  return (await accounts.authenticate(c.req.header('authorization'))).user.id;
}

/** The shopper, the Idempotency-Key and the clock's now, for one change. */
export async function listChangeOf(c: Context, accounts: ListAccounts, clock: Clock): Promise<ListChange> {
  const userId = await shopperId(c, accounts);
  const key = idempotencyKeyOf(c, SYNC_MESSAGES.idempotencyKey);
  return { userId, key, now: clock.now() };
}

/** `replayed: true` on a reply to a key applied before (nothing changed); absent otherwise. */
export const replayFlag = (replayed: boolean) => (replayed ? { replayed: true as const } : {});
