/**
 * Registering: an account's attempts, each with its own code by mail; the code that is used makes
 * the account verified with that attempt's details and signs it in.
 */
import type { RegisterBody } from '#lib/schemas/account.ts';
import { users, type AttemptRow, type UserRow } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { attemptById, startAttempt } from './attempts.ts';
import { claimCodeRequest, issueCode, useCode } from './codes.ts';
import { AUTH_MESSAGES as M } from './messages.ts';
import { hashSecret } from './secrets.ts';
import { FAILURE_COST } from '#server/limits/limits.ts';
import { userByEmail, userById } from './users.ts';
import { mailCode, signIn, tooMany, type AccountsContext, type SignedIn } from './context.ts';

/** The attempt `attemptId` names (the API's `userId`) and its account, while that is unverified. */
export async function pendingAttempt(ctx: AccountsContext, attemptId: string): Promise<{ attempt: AttemptRow; user: UserRow }> {
  const attempt = await attemptById(ctx.db, attemptId);
  const user = attempt && (await userById(ctx.db, attempt.userId));
  if (!attempt || !user) throw new HttpError(404, M.accountNotFound, { userId: M.accountNotFound });
  if (user.verifiedAt) throw new HttpError(409, M.alreadyVerified);
  return { attempt, user };
}

/**
 * A new attempt with these details: a new unverified account, or a new attempt on the unverified
 * account of that e-mail (whose details and other attempts stay as they are until a code is used).
 * Others' attempts never refuse it: the codes asked for an account are counted per client, so the
 * owner's own network has its own five an hour however many a stranger asked for.
 */
export async function register(ctx: AccountsContext, body: RegisterBody, client: string): Promise<{ userId: string; message: string }> {
  await ctx.limits.codeMails.take(client);
  const passwordHash = await hashSecret(body.password);
  const now = ctx.clock.now();
  const details = { name: body.name, phone: body.phone ?? '', passwordHash };
  for (let tries = 0; tries < 2; tries++) {
    const existing = await userByEmail(ctx.db, body.email);
    if (existing?.verifiedAt) throw new HttpError(409, M.emailTaken, { email: M.emailTaken });
    let account = existing;
    if (existing) {
      const claim = await claimCodeRequest(ctx.db, existing.id, client, now);
      if (!claim.ok) throw tooMany(M.tooManyCodes, claim.retryAt, now);
    } else {
      // The account holds the first attempt's details until one attempt's code is used.
      [account] = await ctx.db
        .insert(users)
        .values({ ...details, email: body.email, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!account) continue; // registered by a concurrent request: handled as an existing account
    }
    const attempt = await startAttempt(ctx.db, account!.id, details, now);
    if (!attempt) continue; // verified a moment ago: answered as such on the next pass
    mailCode(ctx, account!.email, details.name, attempt.code);
    return { userId: attempt.id, message: M.codeSent(account!.email) };
  }
  throw new HttpError(409, M.emailTaken, { email: M.emailTaken });
}

/** The attempt's code: the account takes this attempt's details, is verified and signed in. */
export async function verify(ctx: AccountsContext, attemptId: string, code: string, client: string): Promise<SignedIn> {
  await ctx.limits.codeTries.take(client);
  const { user } = await pendingAttempt(ctx, attemptId).catch(async (err: unknown) => {
    await ctx.limits.codeTries.charge(client, FAILURE_COST.codeTries); // a guessed attempt id
    throw err;
  });
  const now = ctx.clock.now();
  const outcome = await useCode(ctx.db, attemptId, code, now);
  if (outcome === 'wrong' || outcome === 'expired' || outcome === 'locked') await ctx.limits.codeTries.charge(client, FAILURE_COST.codeTries);
  if (outcome === 'wrong') throw new HttpError(400, M.wrongCode, { verificationCode: M.wrongCode });
  if (outcome === 'expired') throw new HttpError(400, M.expiredCode, { verificationCode: M.expiredCode });
  if (outcome === 'locked') throw new HttpError(400, M.tooManyWrongCodes, { verificationCode: M.tooManyWrongCodes });
  if (outcome === 'taken') throw new HttpError(409, M.alreadyVerified);
  return signIn(ctx, user.id, now);
}

/** A new code for this attempt only (its old code stops working; other attempts keep theirs). */
export async function resend(ctx: AccountsContext, attemptId: string, client: string): Promise<{ message: string }> {
  await ctx.limits.codeMails.take(client);
  const { attempt, user } = await pendingAttempt(ctx, attemptId);
  const now = ctx.clock.now();
  const claim = await claimCodeRequest(ctx.db, user.id, client, now);
  if (!claim.ok) throw tooMany(M.tooManyCodes, claim.retryAt, now);
  const code = await issueCode(ctx.db, attempt.id, now);
  if (!code) throw new HttpError(404, M.accountNotFound, { userId: M.accountNotFound }); // its account was deleted meanwhile
  mailCode(ctx, user.email, attempt.name, code);
  return { message: M.newCodeSent(user.email) };
}
