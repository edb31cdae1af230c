/**
 * The list's question: a status, Pakistan days from and to, and a search (an order number, a
 * phone, an e-mail or part of a name). The API checks it; its words are shown at the field.
 * Drawn from `filters` (the parent re-mounts it with a key when they change).
 */
import { useEffect, useRef, type SubmitEvent } from 'react';
import { useFocusInvalid } from '#components/forms/field-errors.ts';
import { Field, SelectField } from '#components/forms/Field.tsx';
import { ui } from '#components/forms/ui.ts';
import { ORDER_STATUSES, type OrderStatus } from '#lib/schemas/orders-rules.ts';

export interface Filters {
  status?: OrderStatus;
  from?: string;
  to?: string;
  find?: string;
}

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, name: s }));

export function OrdersFilters({ filters, errors, onShow }: { filters: Filters; errors: Record<string, string>; onShow: (f: Filters) => void }) {
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(form);
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusInvalid();
    // Once for each answer that marks fields.
  }, [errors]);
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onShow({ status: text('status') as OrderStatus | undefined, from: text('from'), to: text('to'), find: text('find') });
  }
  return (
    <form ref={form} role="search" aria-label="Find orders" onSubmit={submit} className="staff-filters" noValidate>
      <Field id="find" label="Find" type="search" defaultValue={filters.find} error={errors.find} maxLength={400} placeholder="Order number, phone, name or e-mail" className="staff-filters-find" />
      <SelectField id="status" label="Status" placeholder="All statuses" options={STATUS_OPTIONS} defaultValue={filters.status ?? ''} error={errors.status} />
      <Field id="from" label="From (day)" type="date" defaultValue={filters.from} error={errors.from} />
      <Field id="to" label="To (day)" type="date" defaultValue={filters.to} error={errors.to} />
      <div className="staff-filters-go">
        <button type="submit" className={ui.primary}>
          Show orders
        </button>
      </div>
      {errors.after && <p className={`${ui.fieldError} staff-filters-find`}>{errors.after}</p>}
    </form>
  );
}
