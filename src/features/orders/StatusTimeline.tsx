/** An order's way from Pending to Delivered, each step with the time it was reached; Cancelled shown plainly. */
import type { OrderStatus, StatusEvent } from '#lib/schemas/orders.ts';
import { timeline } from './rules.ts';

const timeFormat = new Intl.DateTimeFormat('en-PK', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Karachi' });

const DOT = {
  done: 'bg-brand-700 ring-brand-700',
  current: 'bg-brand-700 ring-brand-200 ring-4',
  upcoming: 'bg-white ring-stone-300',
  cancelled: 'bg-red-600 ring-red-200 ring-4',
} as const;

export function StatusTimeline({ status, history, createdAt }: { status: OrderStatus; history: StatusEvent[]; createdAt: string }) {
  const steps = timeline(status, history, createdAt);
  return (
    <ol className="relative space-y-5 pl-1" data-testid="order-timeline">
      {steps.map((step, i) => (
        <li key={step.status} className="relative flex gap-4" data-state={step.state} aria-current={step.state === 'current' || step.state === 'cancelled' ? 'step' : undefined}>
          {i < steps.length - 1 && <span className={`absolute top-5 left-[7px] h-[calc(100%+0.25rem)] w-0.5 ${step.state === 'done' ? 'bg-brand-700' : 'bg-stone-200'}`} aria-hidden="true" />}
          <span className={`relative mt-1 h-4 w-4 shrink-0 rounded-full ring-2 ${DOT[step.state]}`} aria-hidden="true" />
          <div>
            <p className={`text-sm font-semibold ${step.state === 'cancelled' ? 'text-red-700' : step.state === 'upcoming' ? 'text-stone-500' : 'text-stone-900'}`}>
              {step.status}
              {step.state === 'current' && <span className="ml-2 text-xs font-medium text-brand-700">Current</span>}
            </p>
            <p className="text-xs text-stone-600">{step.at ? <time dateTime={step.at}>{timeFormat.format(new Date(step.at))}</time> : step.state === 'upcoming' ? 'Not yet' : ''}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
