/**
 * E-mail verification codes. Each registration attempt (attempts.ts) has one live code: 6 digits
 * from the CSPRNG, stored as an argon2id hash, valid 10 minutes, used once. Each try is claimed in
 * the database before the code is compared, so concurrent guesses (from any number of processes)
 * still get 5 tries at most; the 5th wrong one kills the code. A new code for an attempt replaces
 * that attempt's old one and no other. Codes sent on request (resend, registering again, signing in
 * unverified) are limited to 5 an hour per account and client, counted in the database: a
 * stranger asking for codes to someone's address spends only the stranger's own, so the owner
 * registering from her own network is never refused for it (and the mails any one client can make
 * land in that inbox are bounded, with the client's own budget of code mails besides).
 */
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { inTransaction, type Database } from '#server/db/client.ts';
import { rateLimits, registrationAttempts as attempts, users, type AttemptRow } from '#server/db/schema.ts';
import { HOUR, MINUTE } from '#server/clock.ts';
import { hashSecret, newCode, verifySecret } from './secrets.ts';

export const CODE_LIFETIME_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_REQUESTS_PER_HOUR = 5;

export interface NewCode {
  code: string;
  codeHash: string;
  codeExpiresAt: Date;
}

/** A fresh code and what the attempt stores of it. */
export async function newCodeFor(now: Date): Promise<NewCode> {
  const code = newCode();
  return { code, codeHash: await hashSecret(code), codeExpiresAt: new Date(now.getTime() + CODE_LIFETIME_MINUTES * MINUTE) };
}

/** A new code for the attempt; its earlier code stops working. Undefined when the attempt is gone. */
export async function issueCode(db: Database, attemptId: string, now: Date): Promise<string | undefined> {
  const { code, codeHash, codeExpiresAt } = await newCodeFor(now);
  const updated = await db
    .update(attempts)
    .set({ codeHash, codeExpiresAt, codeTries: 0 })
    .where(eq(attempts.id, attemptId))
    .returning({ id: attempts.id });
  return updated.length ? code : undefined;
}

/** What an attempt holds once its code was used, or ended by another attempt or a reset: nothing any code matches. */
const USED = '';
const ENDED = 'ended';
const deadCode = (mark: typeof USED | typeof ENDED, now: Date) => ({ codeHash: mark, codeExpiresAt: now, codeTries: MAX_CODE_ATTEMPTS });

/** 'taken': the account was verified by another attempt (or a reset) meanwhile. */
export type CodeOutcome = 'verified' | 'wrong' | 'expired' | 'locked' | 'taken';

/**
 * Tries `code` against the attempt's live code. 'verified' gives the account this attempt's name,
 * phone and password, marks it verified and kills the code of every attempt of the account, in one
 * transaction (the attempts stay, so using one later is answered 'already verified');
 * 'locked' is the 5th wrong try and every try after it; an attempt whose code has expired (or that
 * is gone) gets 'expired'.
 */
export async function useCode(db: Database, attemptId: string, code: string, now: Date): Promise<CodeOutcome> {
  let row: AttemptRow | undefined;
  let claimed: { tries: number } | undefined;
  // Twice at most: a second pass only when a new code replaced the one read in between.
  for (let pass = 0; pass < 2 && !claimed; pass++) {
    const previous = row;
    [row] = await db.select().from(attempts).where(eq(attempts.id, attemptId));
    if (row?.codeHash === ENDED) return 'taken';
    if (!row || row.codeExpiresAt <= now) return 'expired';
    if (row.codeTries >= MAX_CODE_ATTEMPTS) return 'locked';
    if (previous && previous.codeHash === row.codeHash) return 'locked';
    [claimed] = await db
      .update(attempts)
      .set({ codeTries: sql`${attempts.codeTries} + 1` })
      .where(and(eq(attempts.id, attemptId), eq(attempts.codeHash, row.codeHash), lt(attempts.codeTries, MAX_CODE_ATTEMPTS)))
      .returning({ tries: attempts.codeTries });
  }
  if (!claimed || !row) return 'locked';
  if (!(await verifySecret(row.codeHash, code))) return claimed.tries >= MAX_CODE_ATTEMPTS ? 'locked' : 'wrong';
  // The account's row is locked first, as everywhere attempts and their account change together:
  // two attempts' codes used at once then wait for each other instead of deadlocking.
  return inTransaction(db, async (tx) => {
    const [account] = await tx.select({ verifiedAt: users.verifiedAt }).from(users).where(eq(users.id, row.userId)).for('update');
    const [current] = await tx.select({ codeHash: attempts.codeHash }).from(attempts).where(eq(attempts.id, attemptId));
    // This very code used by a concurrent request a moment ago: as any used code, 'expired'.
    if (!account || account.verifiedAt) return current?.codeHash === USED ? 'expired' : 'taken';
    if (current?.codeHash !== row.codeHash) return 'expired';
    const [used] = await tx.update(attempts).set(deadCode(USED, now)).where(eq(attempts.id, attemptId)).returning();
    await tx
      .update(users)
      .set({ name: used.name, phone: used.phone, passwordHash: used.passwordHash, verifiedAt: now, updatedAt: now })
      .where(eq(users.id, used.userId));
    await endAttempts(tx, used.userId, now);
    return 'verified';
  });
}

/** The account is verified: no code of any of its attempts works any more. */
export async function endAttempts(db: Database, userId: string, now: Date): Promise<void> {
  await db.update(attempts).set(deadCode(ENDED, now)).where(and(eq(attempts.userId, userId), ne(attempts.codeHash, USED)));
}

/**
 * Claims one code request for the account from `client` within the hourly limit, on the app's
 * clock: one row of rate_limits an account and client, its window an hour from its first request.
 * Counted in one statement, so concurrent requests cannot slip past the limit together. When the
 * limit is reached, the reply says when the window ends.
 */
export async function claimCodeRequest(db: Database, userId: string, client: string, now: Date): Promise<{ ok: true } | { ok: false; retryAt: Date }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ends = new Date(now.getTime() + HOUR);
  const ended = sql`${rateLimits.expire} <= ${at}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `code-requests:${userId}|${client}`, points: 1, expire: ends })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`case when ${ended} then 1 else ${rateLimits.points} + 1 end`,
        expire: sql`case when ${ended} then ${ends.toISOString()}::timestamptz else ${rateLimits.expire} end`,
      },
    })
    .returning({ points: rateLimits.points, expire: rateLimits.expire });
  return row.points <= CODE_REQUESTS_PER_HOUR ? { ok: true } : { ok: false, retryAt: row.expire ?? ends };
}
