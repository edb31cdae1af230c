/**
 * /staff/audit/ (the owner's: audit.read): the audit trail, newest first, a page at a time
 * ("Show older"), filtered by member, action, record and days; each row's before and after in
 * words, times in Pakistan time.
 */
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { StaffMemberSchema, type StaffMember } from '#lib/schemas/staff.ts';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { useFocusInvalid, type FieldErrors } from '#components/forms/field-errors.ts';
import { failureMessage, staffFetch } from './api.ts';
import { readAuditPage, type AuditEntry } from './audit-api.ts';
import { AuditFilters, auditQuery, filtersFromAddress, type AuditFilterValues } from './AuditFilters.tsx';
import { AuditRow } from './AuditRow.tsx';
import { StaffGate } from './StaffGate.tsx';

const MembersReply = z.object({ data: z.array(StaffMemberSchema) });

function Audit() {
  const [values, setValues] = useState<AuditFilterValues>(() => filtersFromAddress(location.search));
  const [members, setMembers] = useState<StaffMember[]>([]);
  const [rows, setRows] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const box = useRef<HTMLDivElement>(null);
  const focusInvalid = useFocusInvalid(box);

  useEffect(() => {
    staffFetch('/members', { schema: MembersReply }).then((r) => setMembers(r.data), () => setMembers([]));
  }, []);

  async function load(filters: AuditFilterValues, before?: number) {
    const asked = auditQuery(filters);
    if ('errors' in asked) {
      setErrors(asked.errors);
      return focusInvalid();
    }
    setErrors({});
    setBusy(true);
    setError('');
    try {
      const page = await readAuditPage({ ...asked.query, before });
      setRows((old) => (before === undefined ? page.rows : [...(old ?? []), ...page.rows]));
      setNext(page.next);
    } catch (e) {
      setError(failureMessage(e));
    }
    setBusy(false);
  }

  useEffect(() => void load(values), []); // the first page, once, with the filters of the address

  function filter(chosen: AuditFilterValues) {
    setValues(chosen);
    history.replaceState(null, '', `?${new URLSearchParams(chosen as Record<string, string>)}`);
    void load(chosen);
  }

  const names = new Map(members.map((m) => [m.id, m.name]));
  const nameOf = (id: string | null) => (id === null ? 'No one signed in' : (names.get(id) ?? `A former member (${id.slice(0, 8)})`));

  return (
    <div ref={box} className="grid gap-4">
      <AuditFilters values={values} members={members} errors={errors} busy={busy} onFilter={filter} />
      <ErrorMessage message={error || (Object.keys(errors).length ? 'Please check the highlighted dates.' : undefined)} />
      <section aria-labelledby="trail-heading" aria-busy={busy}>
        <h2 id="trail-heading" className="mb-3 text-lg font-bold text-stone-900">
          Newest first
        </h2>
        {rows === null ? (
          <p className="text-sm text-stone-600">Loading the audit trail…</p>
        ) : rows.length === 0 ? (
          <p className="staff-card text-sm text-stone-700">Nothing in the audit trail matches these filters.</p>
        ) : (
          <ol className="grid gap-2" data-testid="audit-rows">
            {rows.map((row) => (
              <AuditRow key={row.id} row={row} nameOf={nameOf} />
            ))}
          </ol>
        )}
        {next !== null && (
          <button type="button" className="staff-button-small mt-4" disabled={busy} onClick={() => void load(values, next)}>
            {busy ? 'Loading…' : 'Show older entries'}
          </button>
        )}
      </section>
    </div>
  );
}

export default function AuditPage() {
  return <StaffGate permission="audit.read">{() => <Audit />}</StaffGate>;
}
