/**
 * Staff: the roles, the request bodies the staff API accepts (the server validates with these; the
 * staff pages may check a form with the same rules) and the member as the API shows it.
 */
import * as z from 'zod/mini';
import { EmailField, givenPassword, NameField, newPassword, ACCOUNT_FIELD_MESSAGES } from './account.ts';

/** Who a staff member is in the shop; what each may do is the permission table's (lib/staff-permissions.ts). */
export const STAFF_ROLES = ['owner', 'manager', 'editor', 'packer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Roles that must have an authenticator app before their session reaches anything else. */
export const ROLES_NEEDING_TOTP: readonly StaffRole[] = ['owner', 'manager'];

export const STAFF_MESSAGES = {
  role: `Please choose a role: ${STAFF_ROLES.join(', ')}.`,
  code: 'Please enter the 6-digit code from your authenticator app, or a recovery code.',
  token: 'This invitation link is not valid.',
} as const;

const role = z.enum(STAFF_ROLES, STAFF_MESSAGES.role);
/** A 256-bit token, base64url: invitation links. */
const token = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, STAFF_MESSAGES.token));
/** Six digits, or a recovery code (ten letters and digits, a dash allowed after the fifth). */
export const TOTP_CODE = /^[0-9]{6}$/;
export const RECOVERY_CODE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;
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
