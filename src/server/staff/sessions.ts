/**
 * Staff sessions: a 256-bit token in the `kiryana_staff` cookie (HttpOnly, SameSite=Strict, Secure
 * over HTTPS), stored as its sha256. A session ends after 8 hours without a request (each request
 * moves its last-seen time), at sign-out, and at once when its member is removed: every request
 * reads the member from the database, so this holds on every process.
 *
 * A sign-in whose member has an authenticator app opens a pending session first: it reaches only the
 * code step, for 5 minutes, and becomes a full session when the code is right.
 */
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { staff, staffSessions, type StaffRow } from '#server/db/schema.ts';
import { HOUR, MINUTE } from '#server/clock.ts';
import { newToken, sha256, TOKEN_SHAPE } from '#server/auth/secrets.ts';

export const STAFF_COOKIE = 'kiryana_staff';
export const STAFF_IDLE_MS = 8 * HOUR;
export const PENDING_MS = 5 * MINUTE;

export interface StaffSession {
  tokenHash: string;
  verified: boolean;
  member: StaffRow;
}

export async function startStaffSession(db: Database, staffId: string, verified: boolean, now: Date): Promise<string> {
  const token = newToken();
  // Sessions of the member that lapsed go with the new one.
  await db.delete(staffSessions).where(and(eq(staffSessions.staffId, staffId), lte(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS))));
  await db.insert(staffSessions).values({ tokenHash: sha256(token), staffId, verified, createdAt: now, lastSeenAt: now });
  return token;
}

/**
 * The live session of `token` and its member (not removed), its last-seen time moved to `now`; or
 * undefined. A pending session lives PENDING_MS from its start.
 */
export async function findStaffSession(db: Database, token: string | undefined, now: Date): Promise<StaffSession | undefined> {
  if (!token || !TOKEN_SHAPE.test(token)) return undefined;
  const tokenHash = sha256(token);
  const [session] = await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS)),
        or(eq(staffSessions.verified, true), gt(staffSessions.createdAt, new Date(now.getTime() - PENDING_MS))),
      ),
    )
    .returning();
  if (!session) return undefined;
  const [member] = await db.select().from(staff).where(and(eq(staff.id, session.staffId), isNull(staff.removedAt)));
  return member ? { tokenHash, verified: session.verified, member } : undefined;
}

/** The pending session becomes a full one (a new start, so the 8 hours count from the code). */
export async function verifyStaffSession(db: Database, tokenHash: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ verified: true, createdAt: now, lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
}

export async function endStaffSession(db: Database, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}

export async function endAllStaffSessions(db: Database, staffId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}
