/**
 * The permission table lives in src/lib/staff-permissions.ts (the staff pages draw with it too);
 * the server adds the two levels of access below every permission.
 */
import type { Permission } from '#lib/staff-permissions.ts';

export { allows, PERMISSIONS, type Permission } from '#lib/staff-permissions.ts';

/**
 * What a staff route asks of its caller: a permission of the table, or one of two levels below
 * every permission: `public` (no session: signing in, accepting an invitation) and `signed-in`
 * (any member's live session, even one that still owes its authenticator set-up).
 */
export type StaffAccess = Permission | 'public' | 'signed-in';
