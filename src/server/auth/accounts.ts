/**
 * Shopper accounts as one service over the database, a clock and a mailer: register, verify,
 * resend, sign in and out, the current user, profile, password change, forgot and reset. Expected
 * failures are HttpErrors carrying the contract's words (messages.ts); the routes only parse
 * requests and shape replies.
 *
 * Mails are handed to the mailer in the background: no reply waits for SMTP. The forgot-password
 * request does all its work after the reply, so a known and an unknown e-mail are answered alike.
 *
 * Every call that costs a password hash, sends a mail or lets a secret be guessed takes the calling
 * client's key (src/server/limits/client-address.ts) and is refused by its per-client limit
 * (src/server/limits/limits.ts) before that work is done.
 */
import { eq, sql } from 'drizzle-orm';
import type { ProfileBody, RegisterBody, User } from '#lib/schemas/account.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { users, type AttemptRow, type UserRow } from '#server/db/schema.ts';
import { HttpError } from '#server/http.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { passwordResetMail, verificationCodeMail } from '#server/mail/templates.ts';
import { attemptById, provenDetails, startAttempt } from './attempts.ts';
import { minutesUntil, type Clock } from './clock.ts';
import { claimCodeRequest, CODE_LIFETIME_MINUTES, endAttempts, issueCode, useCode } from './codes.ts';
import { AUTH_MESSAGES as M } from './messages.ts';
import { consumeReset, createReset, RESET_LIFETIME_MINUTES, resetIsUsable, voidResets } from './resets.ts';
import { hashSecret, prepareStandIn, verifyAgainstNothing, verifySecret } from './secrets.ts';
import { endAllSessions, endOtherSessions, endSession, findSession, startSession, type ActiveSession } from './sessions.ts';
import { FAILURE_COST, type Limits } from '#server/limits/limits.ts';
import { toApiUser, userByEmail, userById } from './users.ts';

export interface AccountsOptions {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The site's origin, without a trailing slash: reset links point there. */
  siteUrl: string;
  /** Called with errors of work done after the reply (default console.error). */
  logError?: (err: unknown) => void;
  /** The per-client limits (one set a process, over the same database). */
  limits: Limits;
  /** Holds a refused password check until REFUSAL_FLOOR_MS after it began (tests pass a recorder). */
  paceRefusal?: (startedAt: number) => Promise<void>;
}

/**
 * How long a refused password check takes at least, from its start. The checks differ in cost (an
 * unknown e-mail or a verified account: one hash; an unverified account: up to six, one for each
 * pending registration), so without a floor the time of a refusal tells whether an e-mail has a
 * pending registration. The floor is above the slowest check (about 100 ms here) and is a timer:
 * it costs the server nothing, and a shopper who mistyped barely notices.
 */
export const REFUSAL_FLOOR_MS = 400;

const waitForFloor = async (startedAt: number) => {
  const left = startedAt + REFUSAL_FLOOR_MS - performance.now();
  if (left > 0) await new Promise((done) => setTimeout(done, left));
};

export interface SignedIn {
  token: string;
  user: User;
}

/** A 429 saying when to come back, in words and in Retry-After. */
function tooMany(message: (minutes: number) => string, retryAt: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return new HttpError(429, message(minutesUntil(retryAt, now)), undefined, { headers: { 'Retry-After': String(seconds) } });
}

export function createAccounts({ db, clock, mailer, siteUrl, limits, paceRefusal = waitForFloor, logError = (err) => console.error(err) }: AccountsOptions) {
  prepareStandIn();
  const pending = new Set<Promise<void>>();
  /** Work that must not hold the reply; its failures are logged, never thrown at the shopper. */
  const afterReply = (work: () => Promise<void>) => {
    const task = work().catch(logError);
    pending.add(task);
    void task.finally(() => pending.delete(task));
  };

  function mailCode(email: string, name: string, code: string) {
    mailer.deliver(verificationCodeMail({ to: email, name, code, minutes: CODE_LIFETIME_MINUTES }));
  }

  async function signIn(userId: string, now: Date): Promise<SignedIn> {
    const token = await startSession(db, userId, now);
    const user = await userById(db, userId);
    if (!user) throw new HttpError(404, M.accountNotFound);
    return { token, user: toApiUser(user) };
  }

  /** The attempt `attemptId` names (the API's `userId`) and its account, while that is unverified. */
  async function pendingAttempt(attemptId: string): Promise<{ attempt: AttemptRow; user: UserRow }> {
    const attempt = await attemptById(db, attemptId);
    const user = attempt && (await userById(db, attempt.userId));
    if (!attempt || !user) throw new HttpError(404, M.accountNotFound, { userId: M.accountNotFound });
    if (user.verifiedAt) throw new HttpError(409, M.alreadyVerified);
    return { attempt, user };
  }

  /**
   * A new attempt with these details: a new unverified account, or a new attempt on the unverified
   * account of that e-mail (whose details and other attempts stay as they are until a code is used).
   */
  async function register(body: RegisterBody, client: string): Promise<{ userId: string; message: string }> {
    await limits.codeMails.take(client);
    const passwordHash = await hashSecret(body.password);
    const now = clock.now();
    const details = { name: body.name, phone: body.phone ?? '', passwordHash };
    for (let tries = 0; tries < 2; tries++) {
      const existing = await userByEmail(db, body.email);
      if (existing?.verifiedAt) throw new HttpError(409, M.emailTaken, { email: M.emailTaken });
      let account = existing;
      if (existing) {
        const claim = await claimCodeRequest(db, existing.id, now);
        if (!claim.ok) throw tooMany(M.tooManyCodes, claim.retryAt, now);
      } else {
        // The account holds the first attempt's details until one attempt's code is used.
        [account] = await db
          .insert(users)
          .values({ ...details, email: body.email, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!account) continue; // registered by a concurrent request: handled as an existing account
      }
      const attempt = await startAttempt(db, account!.id, details, now);
      if (!attempt) continue; // verified a moment ago: answered as such on the next pass
      mailCode(account!.email, details.name, attempt.code);
      return { userId: attempt.id, message: M.codeSent(account!.email) };
    }
    throw new HttpError(409, M.emailTaken, { email: M.emailTaken });
  }

  /** The attempt's code: the account takes this attempt's details, is verified and signed in. */
  async function verify(attemptId: string, code: string, client: string): Promise<SignedIn> {
    await limits.codeTries.take(client);
    const { user } = await pendingAttempt(attemptId).catch(async (err: unknown) => {
      await limits.codeTries.charge(client, FAILURE_COST.codeTries); // a guessed attempt id
      throw err;
    });
    const now = clock.now();
    const outcome = await useCode(db, attemptId, code, now);
    if (outcome === 'wrong' || outcome === 'expired' || outcome === 'locked') await limits.codeTries.charge(client, FAILURE_COST.codeTries);
    if (outcome === 'wrong') throw new HttpError(400, M.wrongCode, { verificationCode: M.wrongCode });
    if (outcome === 'expired') throw new HttpError(400, M.expiredCode, { verificationCode: M.expiredCode });
    if (outcome === 'locked') throw new HttpError(400, M.tooManyWrongCodes, { verificationCode: M.tooManyWrongCodes });
    if (outcome === 'taken') throw new HttpError(409, M.alreadyVerified);
    return signIn(user.id, now);
  }

  /** A new code for this attempt only (its old code stops working; other attempts keep theirs). */
  async function resend(attemptId: string, client: string): Promise<{ message: string }> {
    await limits.codeMails.take(client);
    const { attempt, user } = await pendingAttempt(attemptId);
    const now = clock.now();
    const claim = await claimCodeRequest(db, user.id, now);
    if (!claim.ok) throw tooMany(M.tooManyCodes, claim.retryAt, now);
    const code = await issueCode(db, attempt.id, now);
    if (!code) throw new HttpError(404, M.accountNotFound, { userId: M.accountNotFound }); // its account was deleted meanwhile
    mailCode(user.email, attempt.name, code);
    return { message: M.newCodeSent(user.email) };
  }

  /**
   * Counts a password check by `client` against the account of `email`, before the hash: the
   * client's own budget, then its failures on this account (5 a minute slows it, 10 in 15 minutes
   * stop it). Another client (the owner's phone) has counts of its own.
   */
  async function beginPasswordCheck(email: string, client: string): Promise<{ failed(): Promise<void>; passed(): Promise<void> }> {
    await limits.signIn.take(client);
    await limits.signInSlow.take(`${email}|${client}`);
    await limits.signInStop.take(`${email}|${client}`);
    return {
      failed: () => limits.signIn.charge(client, FAILURE_COST.signIn),
      passed: () => forgiveFailures(email, client),
    };
  }

  /** The right password (or a reset link) from this client: its failures on the account are forgotten. */
  async function forgiveFailures(email: string, client: string): Promise<void> {
    await limits.signInSlow.clear(`${email}|${client}`);
    await limits.signInStop.clear(`${email}|${client}`);
  }

  /** Every refused sign-in takes the same time, whatever the account's state (REFUSAL_FLOOR_MS). */
  async function login(email: string, password: string, client: string): Promise<SignedIn> {
    const startedAt = performance.now();
    try {
      return await checkSignIn(email, password, client);
    } catch (err) {
      if (err instanceof HttpError && err.status === 401) await paceRefusal(startedAt);
      throw err;
    }
  }

  async function checkSignIn(email: string, password: string, client: string): Promise<SignedIn> {
    const now = clock.now();
    const check = await beginPasswordCheck(email, client);
    let user = await userByEmail(db, email);
    if (user && !user.verifiedAt) {
      const refusal = await unverifiedSignIn(user, password, now);
      if (refusal) {
        await (refusal.status === 401 ? check.failed() : check.passed());
        throw refusal;
      }
      user = await userByEmail(db, email); // verified a moment ago: checked as a verified account
    }
    if (!user) {
      await verifyAgainstNothing(password);
      await check.failed();
      throw new HttpError(401, M.badLogin);
    }
    if (!(await verifySecret(user.passwordHash, password))) {
      await check.failed();
      throw new HttpError(401, M.badLogin);
    }
    await check.passed();
    return signIn(user.id, now);
  }

  /**
   * The right password of an unverified account (that of one of its attempts) starts an attempt
   * with those details and mails its code: the 403 names it. Past the hourly limit no code is sent,
   * and the 403 names the newest attempt made with that password, whose code was mailed before.
   * Undefined when the account was verified meanwhile.
   */
  async function unverifiedSignIn(user: UserRow, password: string, now: Date): Promise<HttpError | undefined> {
    const proven = await provenDetails(db, user, password);
    if (!proven) return new HttpError(401, M.badLogin);
    const claim = await claimCodeRequest(db, user.id, now);
    let attemptId = proven.attemptId;
    let message: string;
    if (claim.ok) {
      const started = await startAttempt(db, user.id, proven.details, now);
      if (!started) return undefined;
      mailCode(user.email, proven.details.name, started.code);
      attemptId = started.id;
      message = M.needsVerification(user.email);
    } else {
      // An account from before attempts has none to name: one whose code is to be asked for.
      attemptId ??= (await startAttempt(db, user.id, proven.details, now, { mailed: false }))?.id;
      if (!attemptId) return undefined;
      message = M.needsVerificationNoNewCode(user.email, minutesUntil(claim.retryAt, now));
    }
    return new HttpError(403, message, undefined, { fields: { needsVerification: true, userId: attemptId } });
  }

  /** The session a bearer token opens; a 401 'Please sign in again.' otherwise. */
  async function authenticate(authorization: string | undefined): Promise<ActiveSession> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const session = match ? await findSession(db, match[1], clock.now()) : undefined;
    if (!session) throw new HttpError(401, M.signInAgain);
    return session;
  }

  /**
   * The 403 for a path naming another account than the session's (profile, password, reviews):
   * `message` says what the shopper may only do to their own account.
   */
  function requireOwner(session: ActiveSession, userId: string, message: string = M.notYourProfile) {
    if (session.user.id !== userId.toLowerCase()) throw new HttpError(403, message);
  }

  async function updateProfile(session: ActiveSession, userId: string, changes: ProfileBody): Promise<User> {
    requireOwner(session, userId);
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (!Object.keys(set).length) return toApiUser(session.user);
    const [row] = await db
      .update(users)
      .set({ ...set, updatedAt: clock.now() })
      .where(eq(users.id, session.user.id))
      .returning();
    return toApiUser(row);
  }

  async function changePassword(session: ActiveSession, userId: string, current: string, next: string, client: string): Promise<void> {
    requireOwner(session, userId);
    // A stolen session must not become a way to guess the password: the sign-in limits apply.
    const startedAt = performance.now();
    const check = await beginPasswordCheck(session.user.email, client);
    if (!(await verifySecret(session.user.passwordHash, current))) {
      await check.failed();
      await paceRefusal(startedAt);
      throw new HttpError(400, M.wrongCurrentPassword, { currentPassword: M.wrongCurrentPassword });
    }
    await check.passed();
    const passwordHash = await hashSecret(next);
    await inTransaction(db, async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, session.user.id));
      await endOtherSessions(tx, session.user.id, session.tokenHash);
    });
  }

  /** Replies at once; whether the e-mail has an account is looked at after the reply. */
  async function forgotPassword(email: string, client: string): Promise<{ message: string }> {
    await limits.resetMails.take(client);
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
  /**
   * Whether a reset link still works, without using it: the reset page asks as it opens, so a dead
   * link says so before the shopper types two passwords. Counted like a reset try (a bad link ten
   * times more), so it is no cheaper a way to guess links.
   */
  async function checkReset(token: string, client: string): Promise<void> {
    await limits.resetTries.take(client);
    if (await resetIsUsable(db, token, clock.now())) return;
    await limits.resetTries.charge(client, FAILURE_COST.resetTries);
    throw new HttpError(400, M.badResetLink, { token: M.badResetLink });
  }

  async function resetPassword(token: string, password: string, client: string): Promise<void> {
    await limits.resetTries.take(client);
    const now = clock.now();
    // A made-up link is refused before the new password is hashed: a guess costs a lookup.
    if (!(await resetIsUsable(db, token, now))) {
      await limits.resetTries.charge(client, FAILURE_COST.resetTries);
      throw new HttpError(400, M.badResetLink, { token: M.badResetLink });
    }
    const passwordHash = await hashSecret(password);
    const email = await inTransaction(db, async (tx) => {
      const userId = await consumeReset(tx, token, now);
      if (!userId) return undefined;
      const [user] = await tx
        .update(users)
        .set({ passwordHash, verifiedAt: sql`coalesce(${users.verifiedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
        .where(eq(users.id, userId))
        .returning();
      await endAllSessions(tx, userId);
      await voidResets(tx, userId, now);
      await endAttempts(tx, userId, now);
      return user.email;
    });
    if (!email) throw new HttpError(400, M.badResetLink, { token: M.badResetLink });
    await forgiveFailures(email, client); // the mailbox was proven
  }

  return {
    register,
    verify,
    resend,
    login,
    authenticate,
    requireOwner,
    logout: (session: ActiveSession) => endSession(db, session.tokenHash),
    me: (session: ActiveSession) => toApiUser(session.user),
    updateProfile,
    changePassword,
    forgotPassword,
    checkReset,
    resetPassword,
    /** Resolves once the work started after replies (and the mails it handed over) is done. */
    async settled() {
      while (pending.size) await Promise.all([...pending]);
      await mailer.settled();
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
