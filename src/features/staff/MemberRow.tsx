/**
 * One member on the owner's staff page: name, e-mail, role, whether an authenticator app is set
 * up; the role changed with a choice and Save; Remove asks to confirm first (their sessions end at once).
 */
import { useId, useState } from 'react';
import { STAFF_ROLES, type StaffMember, type StaffRole } from '#lib/schemas/staff.ts';
import { ROLE_SUMMARY } from './roles.ts';
import { formatStaffDay } from './time.ts';

interface RowProps {
  member: StaffMember;
  you: boolean;
  busy: boolean;
  onRole: (member: StaffMember, role: StaffRole) => void;
  onRemove: (member: StaffMember) => void;
}

export function MemberRow({ member, you, busy, onRole, onRemove }: RowProps) {
  const id = useId();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="staff-card flex flex-col gap-3 lg:flex-row lg:items-center" data-testid="staff-member" data-email={member.email}>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-stone-900">
          {member.name}
          {you && <span className="ml-2 text-sm font-normal text-stone-600">(you)</span>}
        </p>
        <p className="text-sm break-all text-stone-700">{member.email}</p>
        <p className="mt-1 flex flex-wrap gap-2 text-xs">
          <span className="rounded bg-brand-50 px-2 py-0.5 font-semibold text-brand-900" data-testid="member-role">
            {member.role}
          </span>
          <span className={member.totp ? 'rounded bg-stone-100 px-2 py-0.5 text-stone-800' : 'rounded bg-amber-50 px-2 py-0.5 text-amber-900'} data-testid="member-totp">
            {member.totp ? 'Authenticator app set up' : 'No authenticator app yet'}
          </span>
          <span className="px-1 py-0.5 text-stone-600">Joined {formatStaffDay(member.createdAt)}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-role`} className="form-label">
            Role of {member.name}
          </label>
          <select id={`${id}-role`} className="form-input min-h-11 py-2" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}: {ROLE_SUMMARY[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="staff-button-small" disabled={busy || role === member.role} onClick={() => onRole(member, role)}>
          Save role
        </button>
        {!confirming && (
          <button type="button" className="staff-button-danger" disabled={busy} onClick={() => setConfirming(true)}>
            Remove
          </button>
        )}
      </div>
      {confirming && (
        <div className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 lg:basis-full" role="group" aria-label={`Remove ${member.name}?`}>
          <p>
            Remove <strong>{member.name}</strong> from the staff? Their sessions end at once; to come back they need a new invitation.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="staff-button-danger" disabled={busy} onClick={() => onRemove(member)} autoFocus>
              Yes, remove {member.name}
            </button>
            <button type="button" className="staff-button-small" onClick={() => setConfirming(false)}>
              Keep {member.name}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
