/** The signed-in shopper's own account: the session a token opens, the profile, the password. */
import { eq } from 'drizzle-orm';
import type { ProfileBody, User } from '#lib/schemas/account.ts';
import { inTransaction } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { AUTH_MESSAGES as M } from './messages.ts';
import { hashSecret, verifySecret } from './secrets.ts';
import { endOtherSessions, findSession, type ActiveSession } from './sessions.ts';
import { toApiUser } from './users.ts';
import { beginPasswordCheck } from './sign-in.ts';
import type { AccountsContext } from './context.ts';

/** The session a bearer token opens; a 401 'Please sign in again.' otherwise. */
export async function authenticate(ctx: AccountsContext, authorization: string | undefined): Promise<ActiveSession> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const session = match ? await findSession(ctx.db, match[1], ctx.clock.now()) : undefined;
  if (!session) throw new HttpError(401, M.signInAgain);
  return session;
}

/**
 * The 403 for a path naming another account than the session's (profile, password, reviews):
 * `message` says what the shopper may only do to their own account.
 */
export function requireOwner(session: ActiveSession, userId: string, message: string = M.notYourProfile) {
  if (session.user.id !== userId.toLowerCase()) throw new HttpError(403, message);
}

export async function updateProfile(ctx: AccountsContext, session: ActiveSession, userId: string, changes: ProfileBody): Promise<User> {
  requireOwner(session, userId);
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) return toApiUser(session.user);
  const [row] = await ctx.db
    .update(users)
    .set({ ...set, updatedAt: ctx.clock.now() })
    .where(eq(users.id, session.user.id))
    .returning();
  return toApiUser(row);
}

export async function changePassword(ctx: AccountsContext, session: ActiveSession, userId: string, current: string, next: string, client: string): Promise<void> {
  requireOwner(session, userId);
  // A stolen session must not become a way to guess the password: the sign-in limits apply.
  const startedAt = performance.now();
  const check = await beginPasswordCheck(ctx, session.user.email, client);
  if (!(await verifySecret(session.user.passwordHash, current))) {
    await check.failed();
    await ctx.paceRefusal(startedAt);
    throw new HttpError(400, M.wrongCurrentPassword, { currentPassword: M.wrongCurrentPassword });
  }
  await check.passed();
  const passwordHash = await hashSecret(next);
  await inTransaction(ctx.db, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: ctx.clock.now() }).where(eq(users.id, session.user.id));
    await endOtherSessions(tx, session.user.id, session.tokenHash);
  });
}
