/**
 * Signing in with e-mail and password: the per-client limits before any hash, the same time for
 * every refusal, and an unverified account's right password answered with a new code.
 */
import { type UserRow } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { provenDetails, startAttempt } from './attempts.ts';
import { minutesUntil } from '#server/clock.ts';
import { claimCodeRequest } from './codes.ts';
import { AUTH_MESSAGES as M } from './messages.ts';
import { verifyAgainstNothing, verifySecret } from './secrets.ts';
import { FAILURE_COST } from '#server/limits/limits.ts';
import { userByEmail } from './users.ts';
import { mailCode, signIn, type AccountsContext, type SignedIn } from './context.ts';

/**
 * Counts a password check by `client` against the account of `email`, before the hash: the
 * client's own budget, then its failures on this account (5 a minute slows it, 10 in 15 minutes
 * stop it). Another client (the owner's phone) has counts of its own.
 */
export async function beginPasswordCheck(ctx: Pick<AccountsContext, 'limits'>, email: string, client: string): Promise<{ failed(): Promise<void>; passed(): Promise<void> }> {
  await ctx.limits.signIn.take(client);
  await ctx.limits.signInSlow.take(`${email}|${client}`);
  await ctx.limits.signInStop.take(`${email}|${client}`);
  return {
    failed: () => ctx.limits.signIn.charge(client, FAILURE_COST.signIn),
    passed: () => forgiveFailures(ctx, email, client),
  };
}

/** The right password (or a reset link) from this client: its failures on the account are forgotten. */
export async function forgiveFailures(ctx: Pick<AccountsContext, 'limits'>, email: string, client: string): Promise<void> {
  await ctx.limits.signInSlow.clear(`${email}|${client}`);
  await ctx.limits.signInStop.clear(`${email}|${client}`);
}

/** Every refused sign-in takes the same time, whatever the account's state (REFUSAL_FLOOR_MS). */
export async function login(ctx: AccountsContext, email: string, password: string, client: string): Promise<SignedIn> {
  const startedAt = performance.now();
  try {
    return await checkSignIn(ctx, email, password, client);
  } catch (err) {
    if (err instanceof HttpError && err.status === 401) await ctx.paceRefusal(startedAt);
    throw err;
  }
}

export async function checkSignIn(ctx: AccountsContext, email: string, password: string, client: string): Promise<SignedIn> {
  const now = ctx.clock.now();
  const check = await beginPasswordCheck(ctx, email, client);
  let user = await userByEmail(ctx.db, email);
  if (user && !user.verifiedAt) {
    const refusal = await unverifiedSignIn(ctx, user, password, client, now);
    if (refusal) {
      await (refusal.status === 401 ? check.failed() : check.passed());
      throw refusal;
    }
    user = await userByEmail(ctx.db, email); // verified a moment ago: checked as a verified account
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
  return signIn(ctx, user.id, now);
}

/**
 * The right password of an unverified account (that of one of its attempts) starts an attempt
 * with those details and mails its code: the 403 names it. Past the hourly limit (of this account
 * and client) no code is sent,
 * and the 403 names the newest attempt made with that password, whose code was mailed before.
 * Undefined when the account was verified meanwhile.
 */
export async function unverifiedSignIn(ctx: AccountsContext, user: UserRow, password: string, client: string, now: Date): Promise<HttpError | undefined> {
  const proven = await provenDetails(ctx.db, user, password);
  if (!proven) return new HttpError(401, M.badLogin);
  const claim = await claimCodeRequest(ctx.db, user.id, client, now);
  let attemptId = proven.attemptId;
  let message: string;
  if (claim.ok) {
    const started = await startAttempt(ctx.db, user.id, proven.details, now);
    if (!started) return undefined;
    mailCode(ctx, user.email, proven.details.name, started.code);
    attemptId = started.id;
    message = M.needsVerification(user.email);
  } else {
    // An account from before attempts has none to name: one whose code is to be asked for.
    attemptId ??= (await startAttempt(ctx.db, user.id, proven.details, now, { mailed: false }))?.id;
    if (!attemptId) return undefined;
    message = M.needsVerificationNoNewCode(user.email, minutesUntil(claim.retryAt, now));
  }
  return new HttpError(403, message, undefined, { fields: { needsVerification: true, userId: attemptId } });
}
