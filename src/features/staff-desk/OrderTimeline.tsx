/** The order's timeline: who did what, when (Pakistan time), with any note or reason as plain text. */
import { formatStaffTime } from '#features/staff/time.ts';
import type { DeskOrderDetail } from './schemas.ts';
import { actionText, actorText } from './view.ts';

export function OrderTimeline({ events }: { events: DeskOrderDetail['timeline'] }) {
  return (
    <section aria-labelledby="timeline-heading" className="staff-card">
      <h3 id="timeline-heading" className="staff-panel-title">
        Timeline
      </h3>
      <ol className="staff-timeline" data-testid="timeline">
        {events.map((e, i) => (
          <li key={`${e.at}-${i}`}>
            <time dateTime={e.at} className="text-sm text-stone-600">
              {formatStaffTime(e.at)}
            </time>
            <p className="text-stone-900">
              <strong className="font-semibold">{actorText(e.actor)}</strong>: {actionText(e)}
            </p>
            {e.note && <p className="staff-note">{e.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
