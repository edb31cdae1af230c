/**
 * One change of a signed-in shopper's cart or wishlist, as one transaction:
 *
 * 1. The shopper's account row is locked (FOR NO KEY UPDATE: sign-ins and reads are not held up),
 *    so one shopper's changes run one at a time in every process: two parallel adds of one product
 *    both count, and a change sees the lines as the previous one left them.
 * 2. The Idempotency-Key, when given, is claimed in the same transaction (insert, on conflict do
 *    nothing). Already claimed: the change was applied before, so `work` runs with `apply: false`
 *    and only reads. A change that fails rolls back its claim, so its resend is applied.
 *    The claim first prunes that shopper's keys older than SYNC_KEY_DAYS: keys are kept 30 days
 *    (the contract), and the table holds at most a month of each shopper's changes.
 */
import { and, eq, lt } from 'drizzle-orm';
import { DAY } from '#server/clock.ts';
import { AUTH_MESSAGES } from '#server/auth/messages.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { syncKeys, users } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';

export const SYNC_KEY_DAYS = 30;

export interface ListChange {
  userId: string;
  /** The request's Idempotency-Key (already checked for shape), if any. */
  key?: string;
  now: Date;
}

export function listChange<T>(db: Database, { userId, key, now }: ListChange, work: (tx: Database, apply: boolean) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    // The account was deleted after its token was checked: its session is gone too.
    if (!owner) throw new HttpError(401, AUTH_MESSAGES.signInAgain);
    if (key === undefined) return work(tx, true);
    await tx.delete(syncKeys).where(and(eq(syncKeys.userId, userId), lt(syncKeys.createdAt, new Date(now.getTime() - SYNC_KEY_DAYS * DAY))));
    const claimed = await tx.insert(syncKeys).values({ userId, key, createdAt: now }).onConflictDoNothing().returning({ key: syncKeys.key });
    return work(tx, claimed.length === 1);
  });
}
