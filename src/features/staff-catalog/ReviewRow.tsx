/**
 * One review as staff see it: when, which product, the stars, the text (as text, never HTML), and
 * whether it is shown. Hiding asks for the reason in a small form in the row (checked with the
 * API's rule as the member types); showing again is one button.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { ErrorMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { formatStaffTime } from '#features/staff/time.ts';
import { paths } from '#lib/paths.ts';
import { HIDE_REASON_MAX, hideReasonProblem, type ModeratedReview } from '#lib/schemas/catalog-desk-rules.ts';
import { hideReview, showReview, type Moderated } from './category-api.ts';

export function ReviewRow({ review: r, onChanged }: { review: ModeratedReview; onChanged: (m: Moderated, message: string) => void }) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const problem = tried ? hideReasonProblem(reason) : null;

  async function act(work: () => ReturnType<typeof showReview>) {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (!reply.ok) {
      setError(reply.errors.reason ?? reply.message);
      return;
    }
    setError('');
    setAsking(false);
    setReason('');
    setTried(false);
    onChanged(reply.data, reply.message);
  }

  function hide(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (hideReasonProblem(reason) || busy) return;
    void act(() => hideReview(r._id, reason));
  }

  return (
    <tr data-testid="review-row" data-id={r._id} data-hidden={r.hidden ? '' : undefined}>
      <td className="staff-reviews-date">
        <time dateTime={r.date}>{formatStaffTime(r.date)}</time>
      </td>
      <td className="staff-reviews-product">
        <a href={paths.product(r.productId)} className="text-link">
          {r.productName}
        </a>
      </td>
      <td className="staff-reviews-stars" aria-label={`${r.rating} of 5 stars`}>
        {'★'.repeat(r.rating)}
        <span className="text-stone-300">{'★'.repeat(5 - r.rating)}</span>
      </td>
      <td className="staff-reviews-text">
        <p className="font-semibold">{r.userName}</p>
        <p className="staff-note">{r.comment}</p>
      </td>
      <td className="staff-reviews-state">
        {r.hidden ? (
          <>
            <p>
              <span className="staff-status staff-status-cancelled">Hidden</span>
            </p>
            <p className="text-sm text-stone-700">
              {formatStaffTime(r.hidden.at)}
              {r.hidden.by ? ` by ${r.hidden.by}` : ''}: <span className="staff-reviews-reason">{r.hidden.reason}</span>
            </p>
            <button type="button" className={`${ui.secondary} mt-2`} disabled={busy} onClick={() => act(() => showReview(r._id))}>
              Show again
            </button>
          </>
        ) : asking ? (
          <form onSubmit={hide} noValidate className="staff-reviews-hide" aria-label={`Hide the review by ${r.userName}`}>
            <label htmlFor={`${id}-reason`} className={ui.label}>
              Why hide it?
            </label>
            <textarea
              id={`${id}-reason`}
              className={ui.input}
              rows={2}
              value={reason}
              maxLength={HIDE_REASON_MAX + 20}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-reason-error` : undefined}
              autoFocus
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            {problem && (
              <p id={`${id}-reason-error`} className={ui.fieldError}>
                {problem}
              </p>
            )}
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="submit" className={ui.primary} disabled={busy}>
                Hide review
              </button>
              <button type="button" className={ui.secondary} onClick={() => setAsking(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <>
            <p>
              <span className="staff-status staff-status-delivered">Shown</span>
            </p>
            <button type="button" className={`${ui.secondary} mt-2`} onClick={() => setAsking(true)} aria-label={`Hide the review by ${r.userName}`}>
              Hide…
            </button>
          </>
        )}
        <ErrorMessage message={error} />
      </td>
    </tr>
  );
}
