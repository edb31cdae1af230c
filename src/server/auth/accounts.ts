/**
 * The accounts as one service over the database, a clock and a mailer: register, verify, resend,
 * sign in and out, the current user, profile, password change, forgot and reset. Its steps live
 * beside it (registration.ts, sign-in.ts, profile.ts, password-reset.ts) over a shared context
 * (context.ts).
 * Expected failures are HttpErrors carrying the contract's words (messages.ts); the routes only
 * parse requests and shape replies.
 *
 * Mails are handed to the mailer in the background: no reply waits for SMTP. The forgot-password
 * request does all its work after the reply, so a known and an unknown e-mail are answered alike.
 *
 * Every call that costs a password hash, sends a mail or lets a secret be guessed takes the calling
 * client's key (src/server/limits/client-address.ts) and is refused by its per-client limit
 * (src/server/limits/limits.ts) before that work is done.
 */
import { logUnexpected } from '#server/monitoring/log.ts';
import type { ProfileBody, RegisterBody } from '#lib/schemas/account.ts';
import type { Database } from '#server/db/client.ts';
import type { Limits } from '#server/limits/limits.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { Clock } from '#server/clock.ts';
import type { AccountsContext } from './context.ts';
import { checkReset, forgotPassword, resetPassword } from './password-reset.ts';
import { authenticate, changePassword, requireOwner, updateProfile } from './profile.ts';
import { register, resend, verify } from './registration.ts';
import { prepareStandIn } from './secrets.ts';
import { endSession, type ActiveSession } from './sessions.ts';
import { login } from './sign-in.ts';
import { toApiUser } from './users.ts';

export interface AccountsOptions {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The site's origin, without a trailing slash: reset links point there. */
  siteUrl: string;
  /** Called with errors of work done after the reply (default: the log). */
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

export const waitForFloor = async (startedAt: number) => {
  const left = startedAt + REFUSAL_FLOOR_MS - performance.now();
  if (left > 0) await new Promise((done) => setTimeout(done, left));
};

export type { SignedIn } from './context.ts';

export function createAccounts({ db, clock, mailer, siteUrl, limits, paceRefusal = waitForFloor, logError = (err) => logUnexpected(err) }: AccountsOptions) {
  prepareStandIn();
  const pending = new Set<Promise<void>>();
  const ctx: AccountsContext = {
    db,
    clock,
    mailer,
    siteUrl,
    limits,
    paceRefusal,
    afterReply(work) {
      const task = work().catch(logError);
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
  };

  return {
    register: (body: RegisterBody, client: string) => register(ctx, body, client),
    verify: (attemptId: string, code: string, client: string) => verify(ctx, attemptId, code, client),
    resend: (attemptId: string, client: string) => resend(ctx, attemptId, client),
    login: (email: string, password: string, client: string) => login(ctx, email, password, client),
    authenticate: (authorization: string | undefined) => authenticate(ctx, authorization),
    requireOwner,
    logout: (session: ActiveSession) => endSession(db, session.tokenHash),
    me: (session: ActiveSession) => toApiUser(session.user),
    updateProfile: (session: ActiveSession, userId: string, changes: ProfileBody) => updateProfile(ctx, session, userId, changes),
    changePassword: (session: ActiveSession, userId: string, current: string, next: string, client: string) => changePassword(ctx, session, userId, current, next, client),
    forgotPassword: (email: string, client: string) => forgotPassword(ctx, email, client),
    checkReset: (token: string, client: string) => checkReset(ctx, token, client),
    resetPassword: (token: string, password: string, client: string) => resetPassword(ctx, token, password, client),
    /** Resolves once the work started after replies (and the mails it handed over) is done. */
    async settled() {
      while (pending.size) await Promise.all([...pending]);
      await mailer.settled();
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
