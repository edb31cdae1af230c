/**
 * The permission table: every staff route names one of these permissions (server/staff/route.ts),
 * and a role may do what its row lists, nothing else. The API decides with it and the staff pages
 * draw their navigation and buttons with it: one table for both.
 *
 * The packer moves orders along and marks cash collected, but does not cancel, read reports or
 * manage staff. The manager runs the shop day to day (everything but managing staff and reading the audit trail,
 * which stay the owner's). The editor keeps the catalogue and the reviews. The owner may do everything.
 */
import type { StaffRole } from './schemas/staff.ts';

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

/** Deny by default: true only when the table lists the role for the permission. */
export function allows(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** The words of the staff API's refusals that the pages act on (and the API sends): one source for both. */
export const STAFF_ACCESS_TEXT = {
  signIn: 'Please sign in to the staff pages.',
  totpFirst: 'Please set up your authenticator app first.',
  forbidden: 'Your role does not allow this.',
} as const;
