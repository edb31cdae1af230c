/**
 * E-mail verification codes: 6 digits from the CSPRNG, stored as an argon2id hash, valid 10
 * minutes, used once. Each try is claimed in the database before the code is compared, so
 * concurrent guesses (from any number of processes) still get 5 tries at most; the 5th wrong one
 * kills the code. A new code replaces the old one. Codes sent on request (resend, registering
 * again, signing in unverified) are limited to 5 an hour per account, counted in the database.
 */
import { and, asc, eq, gt, lt, lte, ne, sql } from 'drizzle-orm';
import { inTransaction, type Database } from '#server/db/client.ts';
import { codeRequests, users, verificationCodes } from '#server/db/schema.ts';
import { HOUR, MINUTE } from './clock.ts';
import { hashSecret, newCode, verifySecret } from './secrets.ts';

export const CODE_LIFETIME_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_REQUESTS_PER_HOUR = 5;

/** A new code for the user; any earlier code stops working. Returns the code to mail. */
export async function issueCode(db: Database, userId: string, now: Date): Promise<string> {
  const code = newCode();
  const codeHash = await hashSecret(code);
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MINUTES * MINUTE);
  await db
    .insert(verificationCodes)
    .values({ userId, codeHash, expiresAt, attempts: 0 })
    .onConflictDoUpdate({ target: verificationCodes.userId, set: { codeHash, expiresAt, attempts: 0 } });
  return code;
}

export type CodeOutcome = 'verified' | 'wrong' | 'expired' | 'locked';

/**
 * Tries `code` against the user's live code. 'verified' marks the user verified and uses the code
 * up (in one transaction); 'locked' is the 5th wrong try and every try after it; a user without a
 * live code (used, never sent) gets 'expired'.
 */
export async function useCode(db: Database, userId: string, code: string, now: Date): Promise<CodeOutcome> {
  let row: typeof verificationCodes.$inferSelect | undefined;
  let claimed: { attempts: number } | undefined;
  // Twice at most: a second pass only when a new code replaced the one read in between.
  for (let pass = 0; pass < 2 && !claimed; pass++) {
    const previous = row;
    [row] = await db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
    if (!row || row.expiresAt <= now) return 'expired';
    if (row.attempts >= MAX_CODE_ATTEMPTS) return 'locked';
    if (previous && previous.codeHash === row.codeHash) return 'locked';
    [claimed] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.codeHash, row.codeHash), lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS)))
      .returning({ attempts: verificationCodes.attempts });
  }
  if (!claimed || !row) return 'locked';
  if (!(await verifySecret(row.codeHash, code))) return claimed.attempts >= MAX_CODE_ATTEMPTS ? 'locked' : 'wrong';
  return inTransaction(db, async (tx) => {
    const used = await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.codeHash, row.codeHash)))
      .returning({ userId: verificationCodes.userId });
    if (!used.length) return 'expired'; // used by a concurrent request a moment ago
    await tx.update(users).set({ verifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
    return 'verified';
  });
}

/**
 * Claims one code request for the user within the hourly limit: the request is written first and
 * counted with the others, so concurrent requests cannot slip past the limit together. When the
 * limit is reached, nothing is kept and the reply says when the next request is possible.
 */
export async function claimCodeRequest(db: Database, userId: string, now: Date): Promise<{ ok: true } | { ok: false; retryAt: Date }> {
  const since = new Date(now.getTime() - HOUR);
  await db.delete(codeRequests).where(and(eq(codeRequests.userId, userId), lte(codeRequests.requestedAt, since)));
  const [mine] = await db.insert(codeRequests).values({ userId, requestedAt: now }).returning({ id: codeRequests.id });
  const others = await db
    .select({ requestedAt: codeRequests.requestedAt })
    .from(codeRequests)
    .where(and(eq(codeRequests.userId, userId), gt(codeRequests.requestedAt, since), ne(codeRequests.id, mine.id)))
    .orderBy(asc(codeRequests.requestedAt));
  if (others.length < CODE_REQUESTS_PER_HOUR) return { ok: true };
  await db.delete(codeRequests).where(eq(codeRequests.id, mine.id));
  // Possible again once all but CODE_REQUESTS_PER_HOUR - 1 of the others have left the hour.
  const leaving = others[others.length - CODE_REQUESTS_PER_HOUR];
  return { ok: false, retryAt: new Date(leaving.requestedAt.getTime() + HOUR) };
}
