/**
 * Forgotten passwords: a link by mail (the reply says the same whether the e-mail has an account),
 * checked as the reset page opens, and used once to set a new password.
 */
import { eq, sql } from 'drizzle-orm';
import { inTransaction } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';
import { passwordResetMail } from '#server/mail/templates.ts';
import { endAttempts } from './codes.ts';
import { AUTH_MESSAGES as M } from './messages.ts';
import { consumeReset, createReset, RESET_LIFETIME_MINUTES, resetIsUsable, voidResets } from './resets.ts';
import { hashSecret } from './secrets.ts';
import { endAllSessions } from './sessions.ts';
import { FAILURE_COST } from '#server/limits/limits.ts';
import { userByEmail } from './users.ts';
import { forgiveFailures } from './sign-in.ts';
import type { AccountsContext } from './context.ts';

/** Replies at once; whether the e-mail has an account is looked at after the reply. */
export async function forgotPassword(ctx: AccountsContext, email: string, client: string): Promise<{ message: string }> {
  await ctx.limits.resetMails.take(client);
  const now = ctx.clock.now();
  ctx.afterReply(async () => {
    const user = await userByEmail(ctx.db, email);
    if (!user) return;
    const token = await createReset(ctx.db, user.id, now);
    if (!token) return; // 5 links within the hour already: quietly none more
    const link = `${ctx.siteUrl}/passwordreset/${token}`;
    ctx.mailer.deliver(passwordResetMail({ to: user.email, name: user.name, link, minutes: RESET_LIFETIME_MINUTES }));
  });
  return { message: M.resetSent };
}

/**
 * Whether a reset link still works, without using it: the reset page asks as it opens, so a dead
 * link says so before the shopper types two passwords. Counted like a reset try (a bad link ten
 * times more), so it is no cheaper a way to guess links.
 */
export async function checkReset(ctx: AccountsContext, token: string, client: string): Promise<void> {
  await ctx.limits.resetTries.take(client);
  if (await resetIsUsable(ctx.db, token, ctx.clock.now())) return;
  await ctx.limits.resetTries.charge(client, FAILURE_COST.resetTries);
  throw new HttpError(400, M.badResetLink, { token: M.badResetLink });
}

/**
 * Sets the password through a reset link, signs the account out everywhere and voids its other
 * links. The link proves the mailbox, so an unverified account counts as verified from then on.
 */
export async function resetPassword(ctx: AccountsContext, token: string, password: string, client: string): Promise<void> {
  await ctx.limits.resetTries.take(client);
  const now = ctx.clock.now();
  // A made-up link is refused before the new password is hashed: a guess costs a lookup.
  if (!(await resetIsUsable(ctx.db, token, now))) {
    await ctx.limits.resetTries.charge(client, FAILURE_COST.resetTries);
    throw new HttpError(400, M.badResetLink, { token: M.badResetLink });
  }
  const passwordHash = await hashSecret(password);
  const email = await inTransaction(ctx.db, async (tx) => {
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
  await forgiveFailures(ctx, email, client); // the mailbox was proven
}
