/**
 * /api/staff: staff sign-in (password, then the authenticator), the authenticator's set-up, the
 * members and their invitations, and the audit trail. Every route is declared with staffRoute, which
 * checks the session, the origin and the permission table before the handler (staff/route.ts).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { AuditEntrySchema, StaffAcceptSchema, StaffCodeSchema, StaffInviteSchema, StaffMemberSchema, StaffRoleSchema, StaffSignInSchema } from '#lib/schemas/staff.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/client.ts';
import { parseBody } from '#server/http/body.ts';
import { dataReply, part, refusal } from '#server/http/openapi.ts';
import { parseParam, parseQuery } from '#server/http/params.ts';
import { readAudit } from '#server/staff/audit.ts';
import { clearStaffCookie, setStaffCookie, staffApp, staffRoute, type StaffGuard } from '#server/staff/route.ts';
import { STAFF_TEXT, toMember, type Staff } from '#server/staff/service.ts';
import { ROLES_NEEDING_TOTP } from '#lib/schemas/staff.ts';
import { MessageReplySchema } from './reply-shapes.ts';
import { staffOrderRoutes } from './staff-orders.ts';
import type { Desk } from '#server/desk/service.ts';
import { staffReportRoutes } from './staff-reports.ts';
import { staffCatalogRoutes, type StaffCatalogDeps } from './staff-catalog.ts';
import { staffCategoryRoutes } from './staff-categories.ts';
import { staffReviewRoutes } from './staff-reviews.ts';
import { createCategoryEditor } from '#server/catalog/categories-edit.ts';
import { createModeration } from '#server/reviews/moderation.ts';
import { staffPictureRoutes } from './staff-pictures.ts';
import { staffSearchRoutes } from './staff-search.ts';
import { createSynonymEditor } from '#server/catalog/synonyms-edit.ts';
import type { PictureStore } from '#server/pictures/store.ts';

const Member = part(StaffMemberSchema);
const MeSchema = z.strictObject({
  success: z.literal(true),
  data: z.strictObject({ member: Member, needsTotpSetup: z.boolean() }),
});
const SignInReply = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  needsCode: z.boolean(),
  needsTotpSetup: z.boolean(),
  member: z.optional(Member),
});
const IdParam = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a staff member id');
const AuditQuery = z.strictObject({
  staff: z.optional(IdParam),
  action: z.optional(z.string().max(60)),
  recordKind: z.optional(z.string().max(60)),
  recordId: z.optional(z.string().max(200)),
  from: z.optional(z.iso.datetime({ offset: true })),
  to: z.optional(z.iso.datetime({ offset: true })),
  before: z.optional(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
  limit: z.optional(z.coerce.number().int().min(1).max(200)),
});
const needsTotpSetup = (m: { role: string; totp: boolean }) => !m.totp && (ROLES_NEEDING_TOTP as readonly string[]).includes(m.role);

export function staffRoutes(staff: Staff, db: Database, clock: Clock, origin: string, desk: Desk, catalog: StaffCatalogDeps, pictures: PictureStore) {
  const app = staffApp();
  const guard: StaffGuard = { db, clock, origin };

  staffRoute(app, guard, {
    method: 'post',
    path: '/sign-in',
    permission: 'public',
    audit: 'staff.sign-in',
    summary: 'Sign in with e-mail and password',
    description: 'Sets the `kiryana_staff` cookie. With an authenticator set up, the session is pending until `/sign-in/totp` (5 minutes). Failed sign-ins write `staff.sign-in-failed`.',
    body: StaffSignInSchema,
    replies: {
      200: { description: 'Signed in, or the code step is owed (`needsCode`).', schema: SignInReply, headers: { 'Set-Cookie': 'kiryana_staff' } },
      401: refusal('Wrong e-mail or password (the same words for both).'),
      429: refusal('Too many sign-ins from this client.'),
    },
  }, async (c, { actor }) => {
    const { email, password } = await parseBody(c, StaffSignInSchema);
    const { token, needsCode, member } = await staff.signIn(email, password, actor);
    setStaffCookie(c, token);
    if (needsCode) return c.json({ success: true, message: 'Please enter the code from your authenticator app.', needsCode: true, needsTotpSetup: false });
    const shown = toMember(member);
    return c.json({ success: true, message: 'You are signed in.', needsCode: false, needsTotpSetup: needsTotpSetup(shown), member: shown });
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/sign-in/totp',
    permission: 'signed-in',
    pending: true,
    audit: 'staff.sign-in',
    summary: 'The second step of sign-in: the authenticator code or a recovery code',
    description: 'Needs the pending session of `/sign-in`. A code is good once; so is each recovery code.',
    body: StaffCodeSchema,
    replies: {
      200: { description: 'Signed in.', schema: SignInReply },
      401: refusal('No pending sign-in, or a wrong or used code.'),
      429: refusal('Too many codes from this client.'),
    },
  }, async (c, { session, actor }) => {
    const { code } = await parseBody(c, StaffCodeSchema);
    const member = toMember(await staff.signInCode(session, code, actor));
    return c.json({ success: true, message: 'You are signed in.', needsCode: false, needsTotpSetup: false, member });
  });

  staffRoute(app, guard, {
    method: 'get',
    path: '/me',
    permission: 'signed-in',
    summary: 'The signed-in staff member',
    replies: { 200: { description: 'The member, and whether the authenticator set-up is owed.', schema: MeSchema } },
  }, async (c, { session }) => {
    const member = toMember(session.member);
    return c.json({ success: true, data: { member, needsTotpSetup: needsTotpSetup(member) } });
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/sign-out',
    permission: 'signed-in',
    audit: 'staff.sign-out',
    summary: 'End this staff session',
    replies: { 200: { description: 'Signed out; the cookie is cleared.', schema: MessageReplySchema } },
  }, async (c, { session, actor }) => {
    await staff.signOut(session, actor);
    clearStaffCookie(c);
    return c.json({ success: true, message: STAFF_TEXT.signedOut });
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/totp/setup',
    permission: 'signed-in',
    audit: 'staff.totp-setup',
    summary: 'Start setting up an authenticator app',
    description: 'A new secret (replacing one not yet confirmed): the key as base32 text, its otpauth URI and a QR code of it as SVG.',
    replies: {
      200: { description: 'The secret to add to the app.', schema: dataReply(z.strictObject({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() })) },
      409: refusal('The authenticator is set up already.'),
    },
  }, async (c, { session, actor }) => {
    const made = await staff.startTotp(session.member, actor);
    return c.json({ success: true, data: made });
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/totp/confirm',
    permission: 'signed-in',
    audit: 'staff.totp-confirm',
    summary: 'Confirm the authenticator with its first code',
    description: 'Replies with ten recovery codes, shown this once; each signs in once in place of a code.',
    body: StaffCodeSchema,
    replies: {
      200: { description: 'Confirmed.', schema: dataReply(z.strictObject({ recoveryCodes: z.array(z.string()) })) },
      400: refusal('A wrong code.'),
      409: refusal('Not started, or set up already.'),
      429: refusal('Too many codes from this client.'),
    },
  }, async (c, { session, actor }) => {
    const { code } = await parseBody(c, StaffCodeSchema);
    const recoveryCodes = await staff.confirmTotp(session.member, code, actor);
    return c.json({ success: true, data: { recoveryCodes } });
  });

  staffRoute(app, guard, {
    method: 'get',
    path: '/members',
    permission: 'staff.manage',
    summary: 'The staff members',
    replies: { 200: { description: 'Every member not removed, oldest first.', schema: dataReply(z.array(Member)) } },
  }, async (c) => c.json({ success: true, data: await staff.listMembers() }));

  staffRoute(app, guard, {
    method: 'get',
    path: '/invites',
    permission: 'staff.manage',
    summary: 'The invitations not yet accepted',
    description: 'Unused and unexpired, newest first: the e-mail, the role it gives and when its link stops working.',
    replies: {
      200: {
        description: 'The pending invitations.',
        schema: dataReply(z.array(z.strictObject({ email: z.string(), role: StaffRoleSchema.shape.role, expiresAt: z.string() }))),
      },
    },
  }, async (c) => c.json({ success: true, data: await staff.pendingInvites() }));

  staffRoute(app, guard, {
    method: 'post',
    path: '/invites',
    permission: 'staff.manage',
    audit: 'staff.invite',
    summary: 'Invite a member by e-mail',
    description: 'Mails a link to `/staff/accept/#<token>`, good once for 72 hours.',
    body: StaffInviteSchema,
    replies: {
      201: { description: 'Invited.', schema: z.strictObject({ success: z.literal(true), message: z.string(), expiresAt: z.string() }) },
      409: refusal('The e-mail belongs to a member already.'),
    },
  }, async (c, { actor }) => {
    const { email, role } = await parseBody(c, StaffInviteSchema);
    const { expiresAt } = await staff.invite(email, role, actor);
    return c.json({ success: true, message: STAFF_TEXT.invited(email), expiresAt: expiresAt.toISOString() }, 201);
  });

  staffRoute(app, guard, {
    method: 'post',
    path: '/invites/accept',
    permission: 'public',
    audit: 'staff.accept',
    summary: 'Accept an invitation: become a member',
    body: StaffAcceptSchema,
    replies: {
      201: { description: 'The new member (who signs in next).', schema: dataReply(Member) },
      400: refusal('A bad field, or an unknown, used or expired invitation.'),
      409: refusal('The e-mail belongs to a member already.'),
      429: refusal('Too many tries from this client.'),
    },
  }, async (c, { actor }) => {
    const { token, name, password } = await parseBody(c, StaffAcceptSchema);
    return c.json({ success: true, data: await staff.accept(token, name, password, actor) }, 201);
  });

  const memberId = (c: Context) => parseParam(c, 'id', IdParam, STAFF_TEXT.noMember);

  staffRoute(app, guard, {
    method: 'put',
    path: '/members/{id}',
    permission: 'staff.manage',
    audit: 'staff.role',
    summary: "Change a member's role",
    params: { id: IdParam },
    body: StaffRoleSchema,
    replies: {
      200: { description: 'The member with the new role.', schema: dataReply(Member) },
      404: refusal('No such member.'),
      409: refusal('That would leave the shop without an owner.'),
    },
  }, async (c, { actor }) => {
    const id = memberId(c);
    const { role } = await parseBody(c, StaffRoleSchema);
    return c.json({ success: true, data: await staff.changeRole(id, role, actor) });
  });

  staffRoute(app, guard, {
    method: 'delete',
    path: '/members/{id}',
    permission: 'staff.manage',
    audit: 'staff.remove',
    summary: 'Remove a member',
    description: "Their sessions end at once, on every process.",
    params: { id: IdParam },
    replies: {
      200: { description: 'Removed.', schema: MessageReplySchema },
      404: refusal('No such member.'),
      409: refusal('That would leave the shop without an owner.'),
    },
  }, async (c, { actor }) => {
    await staff.remove(memberId(c), actor);
    return c.json({ success: true, message: 'The member is removed.' });
  });

  staffRoute(app, guard, {
    method: 'get',
    path: '/audit',
    permission: 'audit.read',
    summary: 'The audit trail, newest first, in pages',
    description: 'Filters: `staff` (a member id), `action`, `recordKind` and `recordId`, `from` and `to` (ISO times, `to` exclusive); `before` is the `next` of the page before; `limit` up to 200 (50).',
    query: AuditQuery,
    replies: { 200: { description: 'A page of rows.', schema: z.strictObject({ success: z.literal(true), data: z.array(AuditEntrySchema), next: z.number().nullable() }) } },
  }, async (c) => {
    const q = parseQuery(c, AuditQuery);
    const page = await readAudit(db, {
      staffId: q.staff,
      action: q.action,
      recordKind: q.recordKind,
      recordId: q.recordId,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
      before: q.before,
      limit: q.limit ?? 50,
    });
    return c.json({ success: true, data: page.rows.map((r) => ({ ...r, at: r.at.toISOString() })), next: page.next });
  });

  staffOrderRoutes(app, guard, desk);
  staffReportRoutes(app, guard, db);
  staffCatalogRoutes(app, guard, catalog);
  staffCategoryRoutes(app, guard, createCategoryEditor(db, clock));
  staffReviewRoutes(app, guard, createModeration(db, clock));
  staffPictureRoutes(app, guard, pictures);
  staffSearchRoutes(app, guard, createSynonymEditor(db, clock));
  return app;
}
