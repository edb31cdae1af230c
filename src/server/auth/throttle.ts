/**
 * The sign-in throttle: 10 failed attempts for one e-mail (with or without an account) within 15
 * minutes, and the next attempt is refused until the oldest of them is 15 minutes old. Counted in
 * the database, so it holds across processes. An attempt is written as a failure *before* the
 * password is checked and removed only when the password was right, so concurrent guesses count.
 */
import { and, desc, eq, gt, lte, ne } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { loginFailures } from '#server/db/schema.ts';
import { MINUTE } from './clock.ts';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MINUTES = 15;

export type Attempt = { ok: true; id: string } | { ok: false; retryAt: Date };

/** Every this many attempts a process also forgets the old failures of every other e-mail. */
const PRUNE_EVERY = 100;
let attemptsSincePrune = 0;

/** Starts an attempt for `email` (lowercased): refused when 10 failures are within the window. */
export async function beginAttempt(db: Database, email: string, now: Date): Promise<Attempt> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * MINUTE);
  // Guesses at e-mails nobody tries twice would otherwise stay forever.
  const everyone = ++attemptsSincePrune >= PRUNE_EVERY;
  if (everyone) attemptsSincePrune = 0;
  await db.delete(loginFailures).where(everyone ? lte(loginFailures.failedAt, since) : and(eq(loginFailures.email, email), lte(loginFailures.failedAt, since)));
  const [mine] = await db.insert(loginFailures).values({ email, failedAt: now }).returning({ id: loginFailures.id });
  const recent = await db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.failedAt, since), ne(loginFailures.id, mine.id)))
    .orderBy(desc(loginFailures.failedAt))
    .limit(LOGIN_FAILURE_LIMIT);
  if (recent.length < LOGIN_FAILURE_LIMIT) return { ok: true, id: mine.id };
  await db.delete(loginFailures).where(eq(loginFailures.id, mine.id));
  // Possible again once the 10th most recent failure has left the window.
  return { ok: false, retryAt: new Date(recent[LOGIN_FAILURE_LIMIT - 1].failedAt.getTime() + LOGIN_WINDOW_MINUTES * MINUTE) };
}

/** The password was right: the failures for this e-mail are forgiven. */
export async function clearFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
