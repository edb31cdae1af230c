/**
 * The audit trail's filters: member, action, record (kind and id), and a range of Pakistan days.
 * Read from and written to the page's address, so a filtered view can be reloaded or shared.
 */
import type { SubmitEvent } from 'react';
import { DESK_MESSAGES } from '#lib/desk-query.ts';
import type { StaffMember } from '#lib/schemas/staff.ts';
import { Field, SelectField } from '#components/forms/Field.tsx';
import type { FieldErrors } from '#components/forms/field-errors.ts';
import { ui } from '#components/forms/ui.ts';
import type { AuditQuery } from './audit-api.ts';
import { AUDIT_ACTIONS, RECORD_KINDS } from './audit-view.ts';
import { pakistanDayEnd, pakistanDayStart } from './time.ts';

/** The form's fields, as the address carries them (days as YYYY-MM-DD). */
export const FILTER_FIELDS = ['staff', 'action', 'recordKind', 'recordId', 'from', 'to'] as const;
export type AuditFilterValues = Partial<Record<(typeof FILTER_FIELDS)[number], string>>;

export function filtersFromAddress(search: string): AuditFilterValues {
  const params = new URLSearchParams(search);
  return Object.fromEntries(FILTER_FIELDS.flatMap((f) => (params.get(f) ? [[f, params.get(f)!]] : [])));
}

/** The filters as the API takes them, or what is wrong with them (by field). */
export function auditQuery(values: AuditFilterValues): { query: AuditQuery } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const from = values.from ? pakistanDayStart(values.from) : undefined;
  const to = values.to ? pakistanDayEnd(values.to) : undefined;
  if (from === null) errors.from = DESK_MESSAGES.day('The start date');
  if (to === null) errors.to = DESK_MESSAGES.day('The end date');
  if (from && to && from >= to) errors.to = DESK_MESSAGES.order;
  if (Object.keys(errors).length) return { errors };
  const query: AuditQuery = { staff: values.staff, action: values.action, recordKind: values.recordKind, recordId: values.recordId?.trim() || undefined };
  if (from) query.from = from;
  if (to) query.to = to;
  return { query };
}

interface FiltersProps {
  values: AuditFilterValues;
  members: StaffMember[];
  errors: FieldErrors;
  busy: boolean;
  onFilter: (values: AuditFilterValues) => void;
}

export function AuditFilters({ values, members, errors, busy, onFilter }: FiltersProps) {
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onFilter(Object.fromEntries(FILTER_FIELDS.flatMap((f) => (String(data.get(f) ?? '') ? [[f, String(data.get(f))]] : []))));
  }
  return (
    <form onSubmit={submit} className="staff-card grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Filter the audit trail" noValidate>
      {/* Drawn again once the members arrive: an uncontrolled select takes its default value only when drawn. */}
      <SelectField key={members.length} id="staff" label="Member" placeholder="Anyone" defaultValue={values.staff ?? ''} options={members.map((m) => ({ value: m.id, name: `${m.name} (${m.email})` }))} />
      <SelectField id="action" label="Action" placeholder="Any action" defaultValue={values.action ?? ''} options={Object.entries(AUDIT_ACTIONS).map(([value, name]) => ({ value, name }))} />
      <SelectField id="recordKind" label="Record" placeholder="Any record" defaultValue={values.recordKind ?? ''} options={RECORD_KINDS} />
      <Field id="recordId" label="Record's id, e-mail or order number" defaultValue={values.recordId ?? ''} maxLength={200} autoComplete="off" />
      <Field id="from" label="From (day)" type="date" defaultValue={values.from ?? ''} error={errors.from} />
      <Field id="to" label="To (day, included)" type="date" defaultValue={values.to ?? ''} error={errors.to} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={`${ui.primary} sm:w-auto`} disabled={busy}>
          Show
        </button>
        <a href="?" className="staff-button-small">
          Clear the filters
        </a>
      </div>
    </form>
  );
}
