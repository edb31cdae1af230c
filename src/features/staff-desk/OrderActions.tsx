/**
 * What a member may do to an order, each shown only when the role allows it: move it to each next
 * status, mark the cash collected, cancel it with a reason (asked twice: the units go back in
 * stock), and add a note. Each shows the API's words and draws the order as it is now.
 */
import { useRef, useState, type SubmitEvent } from 'react';
import { issuesByField, useFocusInvalid } from '#components/forms/field-errors.ts';
import { Field } from '#components/forms/Field.tsx';
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { formatRs } from '#features/staff/time.ts';
import { addNote, advanceOrders, cancelOrder, collectCash, getOrder, type DeskResult } from './api.ts';
import { DeskCancelSchema, DeskNoteSchema, DESK_TEXT_MAX } from '#lib/schemas/desk.ts';
import type { DeskOrderDetail } from './schemas.ts';
import { BULK_STATUSES, type BulkStatus } from './view.ts';

export interface Allowed {
  advance: boolean;
  cancel: boolean;
  cash: boolean;
  note: boolean;
}


export function OrderActions({ order, allowed, onOrder }: { order: DeskOrderDetail; allowed: Allowed; onOrder: (o: DeskOrderDetail) => void }) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; message: string }>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<string>();
  const [noteKey, setNoteKey] = useState(0);
  const root = useRef<HTMLElement>(null);
  const focusInvalid = useFocusInvalid(root);

  async function run(action: () => Promise<DeskResult<DeskOrderDetail>>): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setSaid(undefined);
    const r = await action();
    setBusy(false);
    if (!r.ok) {
      setErrors(r.errors);
      setSaid({ ok: false, message: r.message });
      return false;
    }
    setErrors({});
    onOrder(r.data);
    setSaid({ ok: true, message: r.message });
    return true;
  }

  const advance = (to: BulkStatus) =>
    run(async () => {
      const moved = await advanceOrders([order.orderNumber], to);
      if (!moved.ok) return moved;
      const refused = moved.data.refused[0];
      const now = await getOrder(order.orderNumber);
      if (refused) {
        if (now.ok) onOrder(now.data);
        return { ok: false, status: 409, message: refused.message, errors: {} };
      }
      return now.ok ? { ...now, message: `Marked ${to}.` } : now;
    });

  /** Checks a form with the API's own rule; false (the field marked, focused) when it fails. */
  function check(result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }): boolean {
    if (result.success) return true;
    setErrors(issuesByField(result.error?.issues ?? []));
    setSaid(undefined);
    focusInvalid();
    return false;
  }

  function askCancel(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = DeskCancelSchema.safeParse({ reason: String(new FormData(event.currentTarget).get('reason') ?? '') });
    if (!check(parsed) || !parsed.success) return;
    setErrors({});
    setConfirming(parsed.data.reason);
  }

  async function note(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = DeskNoteSchema.safeParse({ text: String(new FormData(event.currentTarget).get('text') ?? '') });
    if (!check(parsed) || !parsed.success) return;
    if (await run(() => addNote(order.orderNumber, parsed.data.text))) setNoteKey((k) => k + 1);
  }

  const moves = order.nextStatuses.filter((s): s is BulkStatus => (BULK_STATUSES as readonly string[]).includes(s));
  const canCash = allowed.cash && !order.isPaid && order.status !== 'Cancelled';
  return (
    <section ref={root} aria-label="Actions" className="staff-card space-y-4" data-testid="order-actions">
      {(allowed.advance && moves.length > 0) || canCash ? (
        <div className="flex flex-wrap gap-3">
          {allowed.advance &&
            moves.map((to) => (
              <button key={to} type="button" className={`${ui.primary} w-auto`} disabled={busy} onClick={() => void advance(to)}>
                Mark {to}
              </button>
            ))}
          {canCash && (
            <button type="button" className={ui.secondary} disabled={busy} onClick={() => void run(() => collectCash(order.orderNumber))}>
              Cash collected ({formatRs(order.totalAmount)})
            </button>
          )}
        </div>
      ) : null}
      <ErrorMessage message={said && !said.ok ? said.message : undefined} testId="action-error" />
      <SuccessMessage message={said?.ok ? said.message || 'Done.' : undefined} testId="action-done" />
      {allowed.note && (
        <form key={noteKey} onSubmit={(e) => void note(e)} aria-label="Add a note" className="space-y-3" noValidate>
          <Field id="text" label="Note (staff only)" maxLength={DESK_TEXT_MAX} required error={errors.text} autoComplete="off" />
          <button type="submit" className={ui.secondary} disabled={busy}>
            Add note
          </button>
        </form>
      )}
      {allowed.cancel && order.canCancel && (
        <details className="staff-cancel">
          <summary>Cancel this order</summary>
          {confirming === undefined ? (
            <form onSubmit={askCancel} aria-label="Cancel the order" className="mt-3 space-y-3" noValidate>
              <Field id="reason" label="Reason for cancelling" maxLength={DESK_TEXT_MAX} required error={errors.reason} autoComplete="off" />
              <button type="submit" className={ui.secondary}>
                Cancel order…
              </button>
            </form>
          ) : (
            <div className="mt-3 space-y-3" role="group" aria-label="Confirm cancelling">
              <p className="text-stone-900">Cancel {order.orderNumber}? Its items go back in stock and the shopper is told. This cannot be undone.</p>
              <div className="flex flex-wrap gap-3">
                <button
                  type="button"
                  className="staff-button-danger"
                  disabled={busy}
                  onClick={() => void run(() => cancelOrder(order.orderNumber, confirming)).then((ok) => ok && setConfirming(undefined))}
                >
                  Yes, cancel the order
                </button>
                <button type="button" className={ui.secondary} onClick={() => setConfirming(undefined)}>
                  Keep the order
                </button>
              </div>
            </div>
          )}
        </details>
      )}
    </section>
  );
}
