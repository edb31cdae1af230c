/**
 * Staff: the request bodies the staff API accepts (the server validates with these; the staff
 * pages use the plain rules of staff-rules.ts without them) and the member as the API shows it.
 */
import * as z from 'zod/mini';
import { EmailField, givenPassword, NameField, newPassword, ACCOUNT_FIELD_MESSAGES } from './account.ts';
import { RECOVERY_CODE, STAFF_MESSAGES, STAFF_ROLES, TOTP_CODE } from './staff-rules.ts';

export * from './staff-rules.ts';

const role = z.enum(STAFF_ROLES, STAFF_MESSAGES.role);
/** A 256-bit token, base64url: invitation links. */
const token = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, STAFF_MESSAGES.token));
const code = z.string().check(
  z.trim(),
  z.refine((c) => TOTP_CODE.test(c) || RECOVERY_CODE.test(c), STAFF_MESSAGES.code),
);

export const StaffSignInSchema = z.strictObject({ email: EmailField, password: givenPassword(ACCOUNT_FIELD_MESSAGES.passwordMissing) });
export const StaffCodeSchema = z.strictObject({ code });
export const StaffInviteSchema = z.strictObject({ email: EmailField, role });
export const StaffAcceptSchema = z.strictObject({ token, name: NameField, password: newPassword() });
export const StaffRoleSchema = z.strictObject({ role });

/** A member as the API shows them: never a secret. */
export const StaffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  totp: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** One row of the audit trail as the API shows it: who, what, which record, before and after, when. */
export const AuditEntrySchema = z.strictObject({
  id: z.number(),
  at: z.string(),
  staffId: z.nullable(z.string()),
  action: z.string(),
  recordKind: z.string(),
  recordId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  clientAddress: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
