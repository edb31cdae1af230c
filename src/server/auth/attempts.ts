/**
 * Registration attempts. Registering, and signing in with the right password while the account is
 * unverified, each start an attempt of their own: its id (the `userId` of the reply), its name,
 * phone and password hash, and its own code (codes.ts). Only the attempt whose code is entered
 * decides the account's details, so whoever registers an e-mail they cannot read mail for can
 * neither take over the owner's attempt (its code and details stay as they were) nor win when the
 * owner verifies (the owner's attempt carries the owner's password).
 */
import { desc, eq } from 'drizzle-orm';
import { inTransaction, type Database } from '#server/db/client.ts';
import { registrationAttempts as attempts, users, type AttemptRow, type UserRow } from '#server/db/schema.ts';
import { newCodeFor } from './codes.ts';
import { newToken, verifySecret } from './secrets.ts';

/** What an attempt gives the account when its code is entered. */
export interface AttemptDetails {
  name: string;
  phone: string;
  passwordHash: string;
}

/** Attempts a sign-in compares the password with (the newest); each compare is an argon2id hash. */
export const ATTEMPTS_CHECKED_AT_SIGN_IN = 5;

/**
 * Starts an attempt for an unverified account and returns its id and the code to mail; undefined
 * when the account is verified (the row is locked, so a verification in flight is waited for).
 * `mailed: false` starts it with a code already expired: the shopper asks for one when allowed.
 */
export async function startAttempt(
  db: Database,
  userId: string,
  details: AttemptDetails,
  now: Date,
  { mailed = true } = {},
): Promise<{ id: string; code: string } | undefined> {
  const fresh = await newCodeFor(now);
  const code = mailed ? fresh : { ...fresh, codeExpiresAt: now };
  return inTransaction(db, async (tx) => {
    const [user] = await tx.select({ verifiedAt: users.verifiedAt }).from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.verifiedAt) return undefined;
    const id = newToken();
    await tx.insert(attempts).values({ id, userId, ...details, createdAt: now, codeHash: code.codeHash, codeExpiresAt: code.codeExpiresAt, codeTries: 0 });
    return { id, code: fresh.code };
  });
}

export async function attemptById(db: Database, id: string): Promise<AttemptRow | undefined> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, id));
  return row;
}

/**
 * What `password` proves about an unverified account: the newest of its latest attempts made with
 * that password, else the account's own details (an account from before attempts), else nothing.
 */
export async function provenDetails(
  db: Database,
  user: UserRow,
  password: string,
): Promise<{ details: AttemptDetails; attemptId?: string } | undefined> {
  const latest = await db
    .select()
    .from(attempts)
    .where(eq(attempts.userId, user.id))
    .orderBy(desc(attempts.createdAt))
    .limit(ATTEMPTS_CHECKED_AT_SIGN_IN);
  for (const a of latest) {
    if (await verifySecret(a.passwordHash, password)) return { details: { name: a.name, phone: a.phone, passwordHash: a.passwordHash }, attemptId: a.id };
  }
  const alreadyChecked = latest.some((a) => a.passwordHash === user.passwordHash);
  if (!alreadyChecked && (await verifySecret(user.passwordHash, password))) return { details: { name: user.name, phone: user.phone, passwordHash: user.passwordHash } };
  return undefined;
}
