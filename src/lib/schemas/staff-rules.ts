/**
 * The staff's shared rules without any zod schema: the roles, the messages and the code patterns.
 * Apart from staff.ts (which re-exports all of it and builds the request schemas on it) so the staff
 * pages can use them: every zod schema a browser module builds joins the chunk every shop page loads
 * (astro.config.mjs).
 */

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

/** Six digits, or a recovery code (ten letters and digits, a dash allowed after the fifth). */
export const TOTP_CODE = /^[0-9]{6}$/;
export const RECOVERY_CODE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;
