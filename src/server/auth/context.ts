/**
 * What the steps of the accounts service share (accounts.ts puts it together): the database, the
 * clock, the mailer, the limits, and the helpers more than one step uses.
 */
import type { Database } from '#server/db/client.ts';
import type { Limits } from '#server/limits/limits.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { User } from '#lib/schemas/account.ts';
import { HttpError } from '#server/http/errors.ts';
import { verificationCodeMail } from '#server/mail/templates.ts';
import { minutesUntil, type Clock } from '#server/clock.ts';
import { CODE_LIFETIME_MINUTES } from './codes.ts';
import { AUTH_MESSAGES as M } from './messages.ts';
import { startSession } from './sessions.ts';
import { toApiUser, userById } from './users.ts';

export interface AccountsContext {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The site's origin, without a trailing slash: reset links point there. */
  siteUrl: string;
  limits: Limits;
  /** Holds a refused password check until REFUSAL_FLOOR_MS after it began. */
  paceRefusal: (startedAt: number) => Promise<void>;
  /** Work that must not hold the reply; its failures are logged, never thrown at the shopper. */
  afterReply: (work: () => Promise<void>) => void;
}

export interface SignedIn {
  token: string;
  user: User;
}

/** A 429 saying when to come back, in words and in Retry-After. */
export function tooMany(message: (minutes: number) => string, retryAt: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return new HttpError(429, message(minutesUntil(retryAt, now)), undefined, { headers: { 'Retry-After': String(seconds) } });
}

export function mailCode(ctx: AccountsContext, email: string, name: string, code: string) {
  ctx.mailer.deliver(verificationCodeMail({ to: email, name, code, minutes: CODE_LIFETIME_MINUTES }));
}

export async function signIn(ctx: AccountsContext, userId: string, now: Date): Promise<SignedIn> {
  const token = await startSession(ctx.db, userId, now);
  const user = await userById(ctx.db, userId);
  if (!user) throw new HttpError(404, M.accountNotFound);
  return { token, user: toApiUser(user) };
}
