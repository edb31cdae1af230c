/**
 * The accounts of issue 7 as one service over the database, a clock and a mailer: register,
 * verify, resend, sign in and out, the current user, profile, password change, forgot and reset.
 * Expected failures are HttpErrors carrying the contract's words (messages.ts); the routes only
 * parse requests and shape replies.
 *
 * Mails are handed to the mailer in the background: no reply waits for SMTP. The forgot-password
 * request does all its work after the reply, so a known and an unknown e-mail are answered alike.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ProfileBody, RegisterBody, User } from '#lib/schemas/account.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { users, type UserRow } from '#server/db/schema.ts';
import { HttpError } from '#server/http.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { passwordResetMail, verificationCodeMail } from '#server/mail/templates.ts';
import { minutesUntil, type Clock } from './clock.ts';
import { claimCodeRequest, CODE_LIFETIME_MINUTES, issueCode, useCode } from './codes.ts';
import { AUTH_MESSAGES as M } from './messages.ts';
import { consumeReset, createReset, RESET_LIFETIME_MINUTES, voidResets } from './resets.ts';
import { hashSecret, prepareStandIn, verifyAgainstNothing, verifySecret } from './secrets.ts';
import { endAllSessions, endOtherSessions, endSession, findSession, startSession, type ActiveSession } from './sessions.ts';
import { beginAttempt, clearFailures } from './throttle.ts';
import { toApiUser, userByEmail, userById } from './users.ts';

export interface AccountsOptions {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The site's origin, without a trailing slash: reset links point there. */
  siteUrl: string;
  /** Called with errors of work done after the reply (default console.error). */
  logError?: (err: unknown) => void;
}

export interface SignedIn {
  token: string;
  user: User;
}

/** A 429 saying when to come back, in words and in Retry-After. */
function tooMany(message: (minutes: number) => string, retryAt: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return new HttpError(429, message(minutesUntil(retryAt, now)), undefined, { headers: { 'Retry-After': String(seconds) } });
}

export function createAccounts({ db, clock, mailer, siteUrl, logError = (err) => console.error(err) }: AccountsOptions) {
  prepareStandIn();
  const pending = new Set<Promise<void>>();
  /** Work that must not hold the reply; its failures are logged, never thrown at the shopper. */
  const afterReply = (work: () => Promise<void>) => {
    const task = work().catch(logError);
    pending.add(task);
    void task.finally(() => pending.delete(task));
  };

  async function mailNewCode(user: UserRow, now: Date) {
    const code = await issueCode(db, user.id, now);
    mailer.deliver(verificationCodeMail({ to: user.email, name: user.name, code, minutes: CODE_LIFETIME_MINUTES }));
  }

  async function signIn(userId: string, now: Date): Promise<SignedIn> {
    const token = await startSession(db, userId, now);
    const user = await userById(db, userId);
    if (!user) throw new HttpError(404, M.accountNotFound);
    return { token, user: toApiUser(user) };
  }

  async function unverifiedUser(userId: string): Promise<UserRow> {
    const user = await userById(db, userId);
    if (!user) throw new HttpError(404, M.accountNotFound, { userId: M.accountNotFound });
    if (user.verifiedAt) throw new HttpError(409, M.alreadyVerified);
    return user;
  }

  /** A new unverified account, or the unverified one of that e-mail with the new details. */
  async function register(body: RegisterBody): Promise<{ userId: string; message: string }> {
    const passwordHash = await hashSecret(body.password);
    const now = clock.now();
    const details = { name: body.name, phone: body.phone ?? '', passwordHash, updatedAt: now };
    for (let tries = 0; tries < 2; tries++) {
      const existing = await userByEmail(db, body.email);
      if (existing?.verifiedAt) throw new HttpError(409, M.emailTaken, { email: M.emailTaken });
      if (existing) {
        const claim = await claimCodeRequest(db, existing.id, now);
        if (!claim.ok) throw tooMany(M.tooManyCodes, claim.retryAt, now);
        const [updated] = await db
          .update(users)
          .set(details)
          .where(and(eq(users.id, existing.id), isNull(users.verifiedAt)))
          .returning();
        if (!updated) continue; // verified a moment ago: answered as such on the next pass
        await mailNewCode(updated, now);
        return { userId: updated.id, message: M.codeSent(updated.email) };
      }
      const [created] = await db
        .insert(users)
        .values({ ...details, email: body.email, createdAt: now })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!created) continue; // registered by a concurrent request: handled as an existing account
      await mailNewCode(created, now);
      return { userId: created.id, message: M.codeSent(created.email) };
    }
    throw new HttpError(409, M.emailTaken, { email: M.emailTaken });
  }

  async function verify(userId: string, code: string): Promise<SignedIn> {
    const user = await unverifiedUser(userId);
    const now = clock.now();
    const outcome = await useCode(db, user.id, code, now);
    if (outcome === 'wrong') throw new HttpError(400, M.wrongCode, { verificationCode: M.wrongCode });
    if (outcome === 'expired') throw new HttpError(400, M.expiredCode, { verificationCode: M.expiredCode });
    if (outcome === 'locked') throw new HttpError(400, M.tooManyWrongCodes, { verificationCode: M.tooManyWrongCodes });
    return signIn(user.id, now);
  }

  async function resend(userId: string): Promise<{ message: string }> {
    const user = await unverifiedUser(userId);
    const now = clock.now();
    const claim = await claimCodeRequest(db, user.id, now);
    if (!claim.ok) throw tooMany(M.tooManyCodes, claim.retryAt, now);
    await mailNewCode(user, now);
    return { message: M.newCodeSent(user.email) };
  }

  async function login(email: string, password: string): Promise<SignedIn> {
    const now = clock.now();
    const attempt = await beginAttempt(db, email, now);
    if (!attempt.ok) throw tooMany(M.tooManyLogins, attempt.retryAt, now);
    const user = await userByEmail(db, email);
    const right = user ? await verifySecret(user.passwordHash, password) : await verifyAgainstNothing(password);
    if (!user || !right) throw new HttpError(401, M.badLogin);
    await clearFailures(db, email);
    if (!user.verifiedAt) {
      const claim = await claimCodeRequest(db, user.id, now);
      let message: string;
      if (claim.ok) {
        await mailNewCode(user, now);
        message = M.needsVerification(user.email);
      } else {
        message = M.needsVerificationNoNewCode(user.email, minutesUntil(claim.retryAt, now));
      }
      throw new HttpError(403, message, undefined, { fields: { needsVerification: true, userId: user.id } });
    }
    return signIn(user.id, now);
  }

  /** The session a bearer token opens; a 401 'Please sign in again.' otherwise. */
  async function authenticate(authorization: string | undefined): Promise<ActiveSession> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const session = match ? await findSession(db, match[1], clock.now()) : undefined;
    if (!session) throw new HttpError(401, M.signInAgain);
    return session;
  }

  function ownProfile(session: ActiveSession, userId: string) {
    if (session.user.id !== userId.toLowerCase()) throw new HttpError(403, M.notYourProfile);
  }

  async function updateProfile(session: ActiveSession, userId: string, changes: ProfileBody): Promise<User> {
    ownProfile(session, userId);
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (!Object.keys(set).length) return toApiUser(session.user);
    const [row] = await db
      .update(users)
      .set({ ...set, updatedAt: clock.now() })
      .where(eq(users.id, session.user.id))
      .returning();
    return toApiUser(row);
  }

  async function changePassword(session: ActiveSession, userId: string, current: string, next: string): Promise<void> {
    ownProfile(session, userId);
    const now = clock.now();
    // A stolen session must not become a way to guess the password: the sign-in throttle applies.
    const attempt = await beginAttempt(db, session.user.email, now);
    if (!attempt.ok) throw tooMany(M.tooManyLogins, attempt.retryAt, now);
    if (!(await verifySecret(session.user.passwordHash, current))) {
      throw new HttpError(400, M.wrongCurrentPassword, { currentPassword: M.wrongCurrentPassword });
    }
    await clearFailures(db, session.user.email);
    const passwordHash = await hashSecret(next);
    await inTransaction(db, async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, session.user.id));
      await endOtherSessions(tx, session.user.id, session.tokenHash);
    });
  }

  /** Replies at once; whether the e-mail has an account is looked at after the reply. */
  function forgotPassword(email: string): { message: string } {
    const now = clock.now();
    afterReply(async () => {
      const user = await userByEmail(db, email);
      if (!user) return;
      const token = await createReset(db, user.id, now);
      if (!token) return; // 5 links within the hour already: quietly none more
      const link = `${siteUrl}/passwordreset/${token}`;
      mailer.deliver(passwordResetMail({ to: user.email, name: user.name, link, minutes: RESET_LIFETIME_MINUTES }));
    });
    return { message: M.resetSent };
  }

  /**
   * Sets the password through a reset link, signs the account out everywhere and voids its other
   * links. The link proves the mailbox, so an unverified account counts as verified from then on.
   */
  async function resetPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashSecret(password);
    const now = clock.now();
    const done = await inTransaction(db, async (tx) => {
      const userId = await consumeReset(tx, token, now);
      if (!userId) return false;
      const [user] = await tx
        .update(users)
        .set({ passwordHash, verifiedAt: sql`coalesce(${users.verifiedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      await endAllSessions(tx, userId);
      await voidResets(tx, userId, now);
      await clearFailures(tx, user.email);
      return true;
    });
    if (!done) throw new HttpError(400, M.badResetLink, { token: M.badResetLink });
  }

  return {
    register,
    verify,
    resend,
    login,
    authenticate,
    logout: (session: ActiveSession) => endSession(db, session.tokenHash),
    me: (session: ActiveSession) => toApiUser(session.user),
    updateProfile,
    changePassword,
    forgotPassword,
    resetPassword,
    /** Resolves once the work started after replies (and the mails it handed over) is done. */
    async settled() {
      while (pending.size) await Promise.all([...pending]);
      await mailer.settled();
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
