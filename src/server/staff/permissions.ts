/**
 * The permission table: every staff route names one of these permissions (staff/route.ts), and a
 * role may do what its row lists, nothing else. A route that names none cannot be declared.
 *
 * The packer moves orders along and marks cash collected, but does not cancel, read reports or
 * manage staff. The manager runs the shop day to day (everything but managing staff and reading the audit trail,
 * which stay the owner's). The editor keeps the catalogue and the reviews. The owner may do everything.
 */
import type { StaffRole } from '#lib/schemas/staff.ts';

export const PERMISSIONS = {
  'orders.read': ['owner', 'manager', 'packer'],
  'orders.advance': ['owner', 'manager', 'packer'],
  'orders.cancel': ['owner', 'manager'],
  'orders.cash': ['owner', 'manager', 'packer'],
  'orders.note': ['owner', 'manager', 'packer'],
  'reports.read': ['owner', 'manager'],
  'staff.manage': ['owner'],
  'audit.read': ['owner'],
  'catalog.edit': ['owner', 'manager', 'editor'],
  'reviews.moderate': ['owner', 'manager', 'editor'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * What a staff route asks of its caller: a permission of the table, or one of two levels below
 * every permission: `public` (no session: signing in, accepting an invitation) and `signed-in`
 * (any member's live session, even one that still owes its authenticator set-up).
 */
export type StaffAccess = Permission | 'public' | 'signed-in';

/** Deny by default: true only when the table lists the role for the permission. */
export function allows(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}
