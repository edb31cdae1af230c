/**
 * What `npm run staff` does, the same whether it works on the database itself or through a running
 * store's operator channel (routes/operator.ts): list the members and open invitations, and mail a
 * one-time link that makes a member (the first owner). The command line's invitation has no author
 * in the audit trail; its address is written as 'command line'.
 */
import type { StaffMember, StaffRole } from '#lib/schemas/staff.ts';
import type { Staff } from './service.ts';

export interface StaffOperations {
  list(): Promise<{ members: StaffMember[]; invites: Array<{ email: string; role: string; expiresAt: string }> }>;
  /** Mails the link; resolves to when it expires (ISO). */
  add(email: string, role: StaffRole): Promise<string>;
}

export function staffOperations(staff: Staff): StaffOperations {
  return {
    list: async () => ({ members: await staff.listMembers(), invites: await staff.pendingInvites() }),
    add: async (email, role) => (await staff.invite(email, role, { staffId: null, clientAddress: 'command line' })).expiresAt.toISOString(),
  };
}
