/** The roles as the staff pages name them: what each may do, in a line (the permission table decides; lib/staff-permissions.ts). */
import { STAFF_ROLES, type StaffRole } from '#lib/schemas/staff.ts';

export const ROLE_SUMMARY: Record<StaffRole, string> = {
  owner: 'Everything, with staff and the audit trail',
  manager: 'Orders, cancelling, reports, catalogue',
  editor: 'The catalogue and reviews',
  packer: 'Orders: moving them along, cash collected',
};

/** The roles as choices of a select: "packer: Orders: moving them along…". */
export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, name: `${role[0].toUpperCase()}${role.slice(1)}: ${ROLE_SUMMARY[role]}` }));
