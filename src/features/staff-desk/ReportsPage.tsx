/**
 * /staff/reports/: sales per Pakistan day for a range (the last 30 days at first) with a totals
 * row, the range's best sellers, and both as CSV downloads. The API checks the range; its words
 * are shown at the field.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useFocusInvalid } from '#components/forms/field-errors.ts';
import { Field } from '#components/forms/Field.tsx';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { formatWhole } from '#lib/numbers.ts';
import { StaffGate } from '#features/staff/StaffGate.tsx';
import { formatRs, formatStaffDay } from '#features/staff/time.ts';
import { reportCsv, salesReport } from './api.ts';
import type { SalesReport } from './schemas.ts';
import { countOf, lastDays } from './view.ts';

type Range = { from: string; to: string };

/** The page's island: for members who may read reports ("Your role does not allow this." otherwise). */
export default function ReportsPage() {
  return <StaffGate permission="reports.read">{() => <Reports />}</StaffGate>;
}

function Reports() {
  const [range, setRange] = useState<Range>();
  const [report, setReport] = useState<SalesReport>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusInvalid(form);

  async function load(r: Range) {
    setBusy(true);
    const reply = await salesReport(r);
    setBusy(false);
    if (!reply.ok) {
      setErrors(reply.errors);
      setError(reply.message);
      focusInvalid();
      return;
    }
    setErrors({});
    setError('');
    setRange(r);
    setReport(reply.data);
  }

  useEffect(() => {
    void load(lastDays(new Date()));
  }, []);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void load({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
  }

  const shown = range ?? lastDays(new Date());
  return (
    <div className="space-y-6">
      <form ref={form} key={`${shown.from}-${shown.to}`} onSubmit={submit} aria-label="Report range" className="staff-range" noValidate>
        <Field id="from" label="From (day)" type="date" defaultValue={shown.from} error={errors.from} required />
        <Field id="to" label="To (day)" type="date" defaultValue={shown.to} error={errors.to} required />
        <div className="staff-range-go">
          <button type="submit" className={ui.primary} disabled={busy}>
            Show report
          </button>
        </div>
      </form>
      <ErrorMessage message={error} testId="report-error" />
      {report && (
        <>
          <section aria-labelledby="sales-heading" className="staff-card">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="sales-heading" className="staff-panel-title">
                Sales by day, {formatStaffDay(`${report.from}T12:00:00+05:00`)} to {formatStaffDay(`${report.to}T12:00:00+05:00`)}
              </h2>
              <a className="staff-button-small" href={reportCsv('sales', report)} download>
                Download CSV
                <span className="sr-only"> of sales by day</span>
              </a>
            </div>
            <div className="staff-scroll" tabIndex={0} role="region" aria-label="Sales by day">
              <table className="staff-report" data-testid="sales-table">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Orders</th>
                    <th scope="col">Units</th>
                    <th scope="col">Revenue</th>
                    <th scope="col">Cash collected</th>
                    <th scope="col">Cash outstanding</th>
                  </tr>
                </thead>
                <tbody>
                  {report.days.map((d) => (
                    <tr key={d.day} data-day={d.day}>
                      <th scope="row">{formatStaffDay(`${d.day}T12:00:00+05:00`)}</th>
                      <td>{formatWhole(d.orders)}</td>
                      <td>{formatWhole(d.units)}</td>
                      <td>{formatRs(d.revenue)}</td>
                      <td>{formatRs(d.cashCollected)}</td>
                      <td>{formatRs(d.cashOutstanding)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr data-testid="sales-totals">
                    <th scope="row">Total</th>
                    <td>{formatWhole(report.totals.orders)}</td>
                    <td>{formatWhole(report.totals.units)}</td>
                    <td>{formatRs(report.totals.revenue)}</td>
                    <td>{formatRs(report.totals.cashCollected)}</td>
                    <td>{formatRs(report.totals.cashOutstanding)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
            <p className="mt-2 text-sm text-stone-600">Cancelled orders are left out of every figure ({formatWhole(report.totals.cancelled)} in this range).</p>
          </section>
          <section aria-labelledby="best-heading" className="staff-card">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="best-heading" className="staff-panel-title">
                Best sellers
              </h2>
              <a className="staff-button-small" href={reportCsv('best-sellers', report)} download>
                Download CSV
                <span className="sr-only"> of best sellers</span>
              </a>
            </div>
            {report.bestSellers.length === 0 ? (
              <p className="text-stone-700">No sales in this range.</p>
            ) : (
              <ol className="divide-y divide-stone-200" data-testid="best-sellers">
                {report.bestSellers.map((b) => (
                  <li key={b.productId} className="flex flex-wrap justify-between gap-x-4 py-2">
                    <span className="min-w-0 font-medium break-words text-stone-900">{b.name}</span>
                    <span className="text-sm text-stone-700">
                      {countOf(b.units, 'unit')} · {formatRs(b.revenue)} · {countOf(b.orders, 'order')}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}
