/**
 * Password reset tokens: 256 random bits in the e-mailed link, stored as their sha256, valid one
 * hour, used once (the use is one conditional UPDATE, so two concurrent uses cannot both succeed).
 * At most 5 links an hour are made for one account, so the form cannot flood an inbox.
 */
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { passwordResets } from '#server/db/schema.ts';
import { HOUR } from '#server/clock.ts';
import { newToken, sha256, TOKEN_SHAPE } from './secrets.ts';

export const RESET_LIFETIME_MINUTES = 60;
export const RESETS_PER_HOUR = 5;

/** A new reset token for the user, or undefined when 5 were made within the hour. */
export async function createReset(db: Database, userId: string, now: Date): Promise<string | undefined> {
  const since = new Date(now.getTime() - HOUR);
  const [made] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  if (made.n >= RESETS_PER_HOUR) return undefined;
  const token = newToken();
  await db.insert(passwordResets).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_LIFETIME_MINUTES * 60_000),
  });
  return token;
}

/** Uses the token up; returns its user, or undefined when it is malformed, unknown, used or expired. */
export async function consumeReset(db: Database, token: string, now: Date): Promise<string | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Every other link of the user stops working (after a reset). */
export async function voidResets(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Whether the token is a live link, without using it: checked before the new password is hashed,
 * so a made-up link costs a lookup, not a hash. consumeReset still decides, in the transaction.
 */
export async function resetIsUsable(db: Database, token: string, now: Date): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
  return row !== undefined;
}
