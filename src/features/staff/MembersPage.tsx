/**
 * /staff/members/ (the owner's: staff.manage): the members with their role and authenticator
 * state, an invitation form and the invitations not yet accepted, a role change and a removal. Other roles are told their role does
 * not allow it (StaffGate), as the API would answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StaffMember, StaffRole } from '#lib/schemas/staff.ts';
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import { failureMessage, staffFetch } from './api.ts';
import { formatStaffTime } from './time.ts';
import { InviteForm } from './InviteForm.tsx';
import { MemberRow } from './MemberRow.tsx';
import { StaffGate } from './StaffGate.tsx';

interface PendingInvite {
  email: string;
  role: StaffRole;
  expiresAt: string;
}

function Members({ me }: { me: StaffMember }) {
  const [members, setMembers] = useState<StaffMember[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const [invites, setInvites] = useState<PendingInvite[]>([]);
  const list = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    try {
      setMembers((await staffFetch<{ data: StaffMember[] }>('/members')).data);
    } catch (e) {
      setError(failureMessage(e));
    }
  }, []);
  useEffect(() => void load(), [load]);
  const loadInvites = useCallback(async () => {
    try {
      setInvites((await staffFetch<{ data: PendingInvite[] }>('/invites')).data);
    } catch {
      // The members' list says what went wrong; the invitations are a side note.
    }
  }, []);
  useEffect(() => void loadInvites(), [loadInvites]);

  async function act(work: () => Promise<string>) {
    setBusy(true);
    setError('');
    setSuccess('');
    try {
      setSuccess(await work());
    } catch (e) {
      setError(failureMessage(e));
    }
    setBusy(false);
  }

  const changeRole = (member: StaffMember, role: StaffRole) =>
    act(async () => {
      const { data } = await staffFetch<{ data: StaffMember }>(`/members/${member.id}`, { method: 'PUT', body: { role } });
      setMembers((all) => all?.map((m) => (m.id === data.id ? data : m)) ?? null);
      return `${data.name} is now ${data.role}.`;
    });

  const remove = (member: StaffMember) =>
    act(async () => {
      await staffFetch(`/members/${member.id}`, { method: 'DELETE' });
      setMembers((all) => all?.filter((m) => m.id !== member.id) ?? null);
      list.current?.focus();
      return `${member.name} is removed from the staff.`;
    });

  return (
    <div className="grid gap-6">
      <InviteForm onInvited={() => void loadInvites()} />
      {invites.length > 0 && (
        <section aria-labelledby="invites-heading" className="staff-card">
          <h2 id="invites-heading" className="text-lg font-bold text-stone-900">
            Invitations not yet accepted ({invites.length})
          </h2>
          <ul className="mt-2 grid gap-1 text-sm text-stone-700" data-testid="staff-invites">
            {invites.map((i) => (
              <li key={`${i.email}-${i.expiresAt}`} className="break-words">
                <span className="font-medium text-stone-900">{i.email}</span>, {i.role}: the link works until {formatStaffTime(i.expiresAt)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="members-heading">
        <h2 id="members-heading" ref={list} tabIndex={-1} className="mb-3 text-lg font-bold text-stone-900">
          Members{members ? ` (${members.length})` : ''}
        </h2>
        <ErrorMessage message={error} />
        <SuccessMessage message={success} />
        {members === null ? (
          !error && <p className="text-sm text-stone-600">Loading the members…</p>
        ) : (
          <ul className="mt-3 grid gap-3" data-testid="staff-members">
            {members.map((m) => (
              <MemberRow key={`${m.id}-${m.role}`} member={m} you={m.id === me.id} busy={busy} onRole={changeRole} onRemove={remove} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default function MembersPage() {
  return <StaffGate permission="staff.manage">{(me) => <Members me={me} />}</StaffGate>;
}
