/** The counts by status, each a button that shows that status's orders ("All" shows every one). */
import { ORDER_STATUSES, type OrderStatus } from '#lib/schemas/orders-rules.ts';
import type { DeskCounts } from './schemas.ts';
import { countText } from './view.ts';

export function StatusTabs({ counts, status, onPick }: { counts?: DeskCounts; status?: OrderStatus; onPick: (s: OrderStatus | undefined) => void }) {
  return (
    <div className="staff-tabs" role="group" aria-label="Orders by status">
      <button type="button" className="staff-tab" aria-pressed={status === undefined} onClick={() => onPick(undefined)}>
        All
      </button>
      {ORDER_STATUSES.map((s) => (
        <button key={s} type="button" className="staff-tab" aria-pressed={status === s} onClick={() => onPick(s)} data-testid={`count-${s}`}>
          {s} <span className="staff-tab-count">{counts ? countText(counts[s]) : '…'}</span>
        </button>
      ))}
    </div>
  );
}
