/**
 * Sessions: an opaque bearer token of 256 random bits, stored as its sha256, valid 30 days.
 * Revoking deletes the row, so a revoked token is unknown from then on in every process.
 */
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { sessions, users, type UserRow } from '#server/db/schema.ts';
import { DAY } from '#server/clock.ts';
import { newToken, sha256, TOKEN_SHAPE } from './secrets.ts';

export const SESSION_LIFETIME_DAYS = 30;

/** Opens a session for the user; returns the token (shown to the client once, never stored). */
export async function startSession(db: Database, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_DAYS * DAY),
  });
  return token;
}

export interface ActiveSession {
  tokenHash: string;
  user: UserRow;
}

/** The live session a token opens, or undefined (malformed, unknown, expired or revoked). */
export async function findSession(db: Database, token: string, now: Date): Promise<ActiveSession | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const tokenHash = sha256(token);
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  return row ? { tokenHash, user: row.user } : undefined;
}

export async function endSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function endOtherSessions(db: Database, userId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}

export async function endAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
