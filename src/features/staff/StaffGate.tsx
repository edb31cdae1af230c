/**
 * What every staff page's island stands behind: the member from `/me`, or the way there. No
 * session: to the sign-in (coming back here after). An owed authenticator set-up: to the set-up
 * (unless this is it, `setup`). A role the permission table does not grant `permission`: the
 * API's own words, "Your role does not allow this.". Otherwise the page, given the member.
 */
import { useEffect, type ReactNode } from 'react';
import { staffPaths } from '#lib/paths.ts';
import type { StaffMember } from '#lib/schemas/staff.ts';
import { STAFF_ACCESS_TEXT, type Permission } from '#lib/staff-permissions.ts';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { can, useStaffMe } from './me.ts';

interface GateProps {
  permission?: Permission;
  /** The authenticator set-up page itself: a member who owes it stays. */
  setup?: boolean;
  children: (member: StaffMember, needsTotpSetup: boolean) => ReactNode;
}

export function StaffGate({ permission, setup = false, children }: GateProps) {
  const me = useStaffMe();
  const away = me.state === 'out' ? staffPaths.signIn(location.pathname + location.search + location.hash) : me.state === 'in' && me.needsTotpSetup && !setup ? staffPaths.setup() : null;
  useEffect(() => {
    if (away) location.replace(away);
  }, [away]);

  if (me.state === 'loading' || me.state === 'out' || away) return <p className="text-sm text-stone-600" role="status">Loading…</p>;
  if (me.state === 'failed') return <ErrorMessage message={me.message} />;
  if (permission && !can(me.member.role, permission)) {
    return (
      <p className="staff-card text-sm font-medium text-stone-800" data-testid="staff-refused">
        {STAFF_ACCESS_TEXT.forbidden}
      </p>
    );
  }
  return <>{children(me.member, me.needsTotpSetup)}</>;
}
