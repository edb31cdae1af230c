/**
 * The staff service: signing in (password, then the authenticator's code or a recovery code), the
 * authenticator's set-up, invitations, roles and removal. Every change appends its audit row in the
 * same transaction as the change; a failed sign-in appends one too.
 *
 * Rules kept here:
 * 1. Sign-in counts against the per-client limits shoppers' sign-in uses (under a key of its own),
 *    before any hash; an unknown e-mail and a wrong password get the same 401 in the same time.
 * 2. A member with a confirmed authenticator signs in in two steps; a code is good once (the step
 *    it was accepted for is kept), a recovery code is good once (it leaves the stored list). Codes
 *    are limited per client and per member (from any client).
 * 3. The shop always keeps an owner: the last one can be neither demoted nor removed (owners' rows
 *    are locked while this is checked, so two owners cannot demote each other at once).
 * 4. An invitation lasts 72 hours and makes one member; the command line's first owner is one too.
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StaffMember, StaffRole } from '#lib/schemas/staff.ts';
import { inTransaction, type Database } from '#server/db/client.ts';
import { staff, staffInvites, type StaffRow } from '#server/db/schema.ts';
import { HOUR } from '#server/clock.ts';
import { HttpError } from '#server/http/errors.ts';
import { FAILURE_COST } from '#server/limits/limits.ts';
import { staffInviteMail } from '#server/mail/templates.ts';
import { hashSecret, newToken, sha256, TOKEN_SHAPE, verifyAgainstNothing, verifySecret } from '#server/auth/secrets.ts';
import { beginPasswordCheck } from '#server/auth/sign-in.ts';
import type { AccountsContext } from '#server/auth/context.ts';
import { appendAudit } from './audit.ts';
import { endAllStaffSessions, startStaffSession, verifyStaffSession, type StaffSession } from './sessions.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpStep } from './totp.ts';
import { TOTP_CODE } from '#lib/schemas/staff.ts';

export const INVITE_HOURS = 72;

export const STAFF_TEXT = {
  badSignIn: 'The e-mail or password is not right.',
  badCode: 'That code is not right, or was used already. Please enter the current code from your app.',
  noPending: 'Please sign in with your e-mail and password first.',
  signedOut: 'You are signed out.',
  totpDone: 'Your authenticator app is set up already.',
  totpFirst: 'Please set up your authenticator app first.',
  totpNotStarted: 'Please start the authenticator set-up first.',
  badInvite: 'This invitation link is not valid, was used already or has expired. Please ask the owner for a new one.',
  memberExists: 'This e-mail belongs to a staff member already.',
  noMember: 'There is no such staff member.',
  lastOwner: 'The shop needs an owner: make another member owner first.',
  invited: (email: string) => `We e-mailed an invitation to ${email}. The link works for ${INVITE_HOURS} hours.`,
} as const;

/** What the staff service works with: the accounts' own context (invitation links point at siteUrl), less their after-reply work. */
export type StaffContext = Omit<AccountsContext, 'afterReply'>;

/** Who did it, from where: the audit row's author. */
export interface Actor {
  staffId: string | null;
  clientAddress: string;
}

export const toMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  totp: row.totpConfirmedAt !== null,
  createdAt: row.createdAt.toISOString(),
});

const memberAudit = (row: StaffRow) => ({ email: row.email, name: row.name, role: row.role });

export function createStaff(ctx: StaffContext) {
  const { db, clock } = ctx;

  async function liveMemberByEmail(email: string) {
    const [row] = await db.select().from(staff).where(and(sql`lower(${staff.email}) = ${email.toLowerCase()}`, isNull(staff.removedAt)));
    return row;
  }

  /** Step one: the password. A token for the cookie, and whether the code step is owed. */
  async function signIn(email: string, password: string, actor: Actor): Promise<{ token: string; needsCode: boolean; member: StaffRow }> {
    const startedAt = performance.now();
    const now = clock.now();
    const check = await beginPasswordCheck(ctx, `staff:${email}`, actor.clientAddress);
    const member = await liveMemberByEmail(email);
    const right = member ? await verifySecret(member.passwordHash, password) : await verifyAgainstNothing(password);
    if (!member || !right) {
      await check.failed();
      await appendAudit(db, { at: now, staffId: null, action: 'staff.sign-in-failed', recordKind: 'staff', recordId: email, after: { step: 'password' }, clientAddress: actor.clientAddress });
      await ctx.paceRefusal(startedAt);
      throw new HttpError(401, STAFF_TEXT.badSignIn);
    }
    await check.passed();
    const needsCode = member.totpConfirmedAt !== null;
    const token = await inTransaction(db, async (tx) => {
      const t = await startStaffSession(tx, member.id, !needsCode, now);
      if (!needsCode) await appendAudit(tx, { at: now, staffId: member.id, action: 'staff.sign-in', recordKind: 'staff', recordId: member.id, after: { method: 'password' }, clientAddress: actor.clientAddress });
      return t;
    });
    return { token, needsCode, member };
  }

  /** Step two: the authenticator's code, or a recovery code (either good once). */
  async function signInCode(session: StaffSession, code: string, actor: Actor): Promise<StaffRow> {
    const now = clock.now();
    await ctx.limits.codeTries.take(actor.clientAddress);
    const member = session.member;
    // The member's own budget, whatever the client: one who knows the password cannot spray codes
    // from many networks (5 tries a minute, 10 in 15 minutes; the right code forgives them).
    const mine = `code:${member.id}`;
    await ctx.limits.signInSlow.take(mine);
    await ctx.limits.signInStop.take(mine);
    const method = TOTP_CODE.test(code) ? 'totp' : 'recovery';
    const accepted = await inTransaction(db, async (tx) => {
      const ok = method === 'totp' ? await useTotpCode(tx, member, code, now) : await useRecoveryCode(tx, member, code);
      if (!ok) return false;
      await verifyStaffSession(tx, session.tokenHash, now);
      await appendAudit(tx, { at: now, staffId: member.id, action: 'staff.sign-in', recordKind: 'staff', recordId: member.id, after: { method }, clientAddress: actor.clientAddress });
      return true;
    });
    if (accepted) {
      await ctx.limits.signInSlow.clear(mine);
      await ctx.limits.signInStop.clear(mine);
    } else {
      await ctx.limits.codeTries.charge(actor.clientAddress, FAILURE_COST.codeTries);
      await appendAudit(db, { at: now, staffId: null, action: 'staff.sign-in-failed', recordKind: 'staff', recordId: member.email, after: { step: method }, clientAddress: actor.clientAddress });
      throw new HttpError(401, STAFF_TEXT.badCode);
    }
    return member;
  }

  /** Accepts a code of a step later than the last accepted one, and keeps its step (one statement: no replay). */
  async function useTotpCode(tx: Database, member: StaffRow, code: string, now: Date): Promise<boolean> {
    if (!member.totpSecret || !member.totpConfirmedAt) return false;
    const step = totpStep(member.totpSecret, code, now);
    if (step === null) return false;
    const updated = await tx
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, member.id), sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`))
      .returning({ id: staff.id });
    return updated.length === 1;
  }

  async function useRecoveryCode(tx: Database, member: StaffRow, code: string): Promise<boolean> {
    if (!member.totpConfirmedAt) return false;
    const hash = hashRecoveryCode(code);
    const updated = await tx
      .update(staff)
      .set({ recoveryCodes: sql`${staff.recoveryCodes} - ${hash}::text` })
      .where(and(eq(staff.id, member.id), sql`${staff.recoveryCodes} ? ${hash}::text`))
      .returning({ id: staff.id });
    return updated.length === 1;
  }

  /** A new secret for the member's app (replacing one not yet confirmed); refused once confirmed. */
  async function startTotp(member: StaffRow, actor: Actor) {
    if (member.totpConfirmedAt) throw new HttpError(409, STAFF_TEXT.totpDone);
    const made = await newTotpSecret(member.email);
    await inTransaction(db, async (tx) => {
      await tx.update(staff).set({ totpSecret: made.secret }).where(and(eq(staff.id, member.id), isNull(staff.totpConfirmedAt)));
      await appendAudit(tx, { at: clock.now(), staffId: member.id, action: 'staff.totp-setup', recordKind: 'staff', recordId: member.id, clientAddress: actor.clientAddress });
    });
    return made;
  }

  /** The first right code confirms the app; the reply's recovery codes are shown this once. */
  async function confirmTotp(member: StaffRow, code: string, actor: Actor): Promise<string[]> {
    const now = clock.now();
    if (member.totpConfirmedAt) throw new HttpError(409, STAFF_TEXT.totpDone);
    if (!member.totpSecret) throw new HttpError(409, STAFF_TEXT.totpNotStarted);
    await ctx.limits.codeTries.take(actor.clientAddress);
    const step = TOTP_CODE.test(code) ? totpStep(member.totpSecret, code, now) : null;
    if (step === null) {
      await ctx.limits.codeTries.charge(actor.clientAddress, FAILURE_COST.codeTries);
      throw new HttpError(400, STAFF_TEXT.badCode, { code: STAFF_TEXT.badCode });
    }
    const codes = newRecoveryCodes();
    await inTransaction(db, async (tx) => {
      const done = await tx
        .update(staff)
        .set({ totpConfirmedAt: now, totpLastStep: step, recoveryCodes: codes.map(hashRecoveryCode) })
        .where(and(eq(staff.id, member.id), isNull(staff.totpConfirmedAt), eq(staff.totpSecret, member.totpSecret!)))
        .returning({ id: staff.id });
      if (done.length !== 1) throw new HttpError(409, STAFF_TEXT.totpDone);
      await appendAudit(tx, { at: now, staffId: member.id, action: 'staff.totp-confirm', recordKind: 'staff', recordId: member.id, clientAddress: actor.clientAddress });
    });
    return codes;
  }

  async function signOut(session: StaffSession, actor: Actor) {
    await inTransaction(db, async (tx) => {
      await tx.execute(sql`delete from staff_sessions where token_hash = ${session.tokenHash}`);
      await appendAudit(tx, { at: clock.now(), staffId: session.member.id, action: 'staff.sign-out', recordKind: 'staff', recordId: session.member.id, clientAddress: actor.clientAddress });
    });
  }

  async function listMembers(): Promise<StaffMember[]> {
    const rows = await db.select().from(staff).where(isNull(staff.removedAt)).orderBy(asc(staff.createdAt), asc(staff.email));
    return rows.map(toMember);
  }

  /** Mails a one-time link that makes a member of `role` (72 hours); `invitedBy` null is the command line. */
  async function invite(email: string, role: StaffRole, actor: Actor): Promise<{ expiresAt: Date }> {
    const now = clock.now();
    if (await liveMemberByEmail(email)) throw new HttpError(409, STAFF_TEXT.memberExists, { email: STAFF_TEXT.memberExists });
    const token = newToken();
    const expiresAt = new Date(now.getTime() + INVITE_HOURS * HOUR);
    await inTransaction(db, async (tx) => {
      await tx.insert(staffInvites).values({ tokenHash: sha256(token), email, role, invitedBy: actor.staffId, createdAt: now, expiresAt });
      await appendAudit(tx, { at: now, staffId: actor.staffId, action: 'staff.invite', recordKind: 'invite', recordId: email, after: { email, role, expiresAt: expiresAt.toISOString() }, clientAddress: actor.clientAddress });
    });
    ctx.mailer.deliver(staffInviteMail({ to: email, role, link: `${ctx.siteUrl}/staff/accept/#${token}`, hours: INVITE_HOURS }));
    return { expiresAt };
  }

  /** The invitation's link makes its member (once, within 72 hours). */
  async function accept(token: string, name: string, password: string, actor: Actor): Promise<StaffMember> {
    const now = clock.now();
    await ctx.limits.resetTries.take(actor.clientAddress);
    const bad = async () => {
      await ctx.limits.resetTries.charge(actor.clientAddress, FAILURE_COST.resetTries);
      return new HttpError(400, STAFF_TEXT.badInvite, { token: STAFF_TEXT.badInvite });
    };
    if (!TOKEN_SHAPE.test(token)) throw await bad();
    const passwordHash = await hashSecret(password);
    const made = await inTransaction(db, async (tx) => {
      const [inv] = await tx
        .update(staffInvites)
        .set({ usedAt: now })
        .where(and(eq(staffInvites.tokenHash, sha256(token)), isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, now)))
        .returning();
      if (!inv) return undefined;
      // A live member of that e-mail (made meanwhile by another invitation) keeps it: nothing is written.
      const [row] = await tx.insert(staff).values({ email: inv.email, name, role: inv.role, passwordHash, createdAt: now }).onConflictDoNothing().returning();
      if (!row) throw new HttpError(409, STAFF_TEXT.memberExists);
      await appendAudit(tx, { at: now, staffId: row.id, action: 'staff.accept', recordKind: 'staff', recordId: row.id, after: memberAudit(row), clientAddress: actor.clientAddress });
      return row;
    });
    if (!made) throw await bad();
    return toMember(made);
  }

  /** Live owners' rows, locked until the transaction ends (rule 3). */
  const lockOwners = (tx: Database) => tx.select({ id: staff.id }).from(staff).where(and(eq(staff.role, 'owner'), isNull(staff.removedAt))).for('update');

  async function memberForChange(tx: Database, id: string): Promise<StaffRow> {
    const [row] = await tx.select().from(staff).where(and(eq(staff.id, id), isNull(staff.removedAt))).for('update');
    if (!row) throw new HttpError(404, STAFF_TEXT.noMember);
    return row;
  }

  async function changeRole(id: string, role: StaffRole, actor: Actor): Promise<StaffMember> {
    return inTransaction(db, async (tx) => {
      const owners = await lockOwners(tx);
      const before = await memberForChange(tx, id);
      if (before.role === 'owner' && role !== 'owner' && owners.length <= 1) throw new HttpError(409, STAFF_TEXT.lastOwner);
      const [after] = await tx.update(staff).set({ role }).where(eq(staff.id, id)).returning();
      await appendAudit(tx, { at: clock.now(), staffId: actor.staffId, action: 'staff.role', recordKind: 'staff', recordId: id, before: memberAudit(before), after: memberAudit(after), clientAddress: actor.clientAddress });
      return toMember(after);
    });
  }

  /** Removes the member and ends their sessions at once. */
  async function remove(id: string, actor: Actor): Promise<void> {
    await inTransaction(db, async (tx) => {
      const owners = await lockOwners(tx);
      const before = await memberForChange(tx, id);
      if (before.role === 'owner' && owners.length <= 1) throw new HttpError(409, STAFF_TEXT.lastOwner);
      const now = clock.now();
      await tx.update(staff).set({ removedAt: now }).where(eq(staff.id, id));
      await endAllStaffSessions(tx, id);
      await appendAudit(tx, { at: now, staffId: actor.staffId, action: 'staff.remove', recordKind: 'staff', recordId: id, before: memberAudit(before), after: { removedAt: now.toISOString() }, clientAddress: actor.clientAddress });
    });
  }

  /** Invitations not used and not expired, newest first (the command line lists them). */
  async function pendingInvites(): Promise<Array<{ email: string; role: StaffRole; expiresAt: string }>> {
    const rows = await db
      .select({ email: staffInvites.email, role: staffInvites.role, expiresAt: staffInvites.expiresAt })
      .from(staffInvites)
      .where(and(isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, clock.now())))
      .orderBy(sql`${staffInvites.createdAt} desc`);
    return rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString() }));
  }

  return { pendingInvites, signIn, signInCode, startTotp, confirmTotp, signOut, listMembers, invite, accept, changeRole, remove, settled: () => ctx.mailer.settled() };
}

export type Staff = ReturnType<typeof createStaff>;
