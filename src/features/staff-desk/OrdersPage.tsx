/**
 * /staff/orders/: the order desk's list. Counts by status (tabs that filter), a filter by status
 * and Pakistan days, a search, pages of 50, and several orders moved along at once. While the page
 * is in view it watches the pulse: when any order is placed or changes, the counts (and, on the
 * first page, the list) are asked again, new rows are marked and "N new orders" is announced.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorMessage, SuccessMessage } from '#components/forms/Messages.tsx';
import { ui } from '#components/forms/ui.ts';
import { can } from '#features/staff/me.ts';
import { StaffGate } from '#features/staff/StaffGate.tsx';
import { advanceOrders, listOrders, orderCounts, pulse } from './api.ts';
import { OrdersFilters, type Filters } from './OrdersFilters.tsx';
import { OrdersTable } from './OrdersTable.tsx';
import { StatusTabs } from './StatusTabs.tsx';
import type { DeskCounts, DeskList } from './schemas.ts';
import { watchPulse } from './pulse.ts';
import { arrivals, BULK_STATUSES, bulkReport, listParams, newOrdersText, ordersText, type BulkStatus } from './view.ts';

/** The page's island: for members who may read orders. */
export default function OrdersPage() {
  return <StaffGate permission="orders.read">{(member) => <OrdersDesk canAdvance={can(member.role, 'orders.advance')} />}</StaffGate>;
}

function OrdersDesk({ canAdvance }: { canAdvance: boolean }) {
  const [filters, setFilters] = useState<Filters>({});
  const [cursors, setCursors] = useState<string[]>([]); // the cursors of the pages before this one; [] = the newest
  const [counts, setCounts] = useState<DeskCounts>();
  const [list, setList] = useState<DeskList>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [news, setNews] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulk, setBulk] = useState<{ done: string; refused: string[] }>();
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(true);
  const shown = useRef<DeskList | undefined>(undefined);
  // Only the newest question's answer is drawn: an older one arriving late is dropped.
  const asked = useRef(0);
  const asking = useRef(false);

  const load = useCallback(async (f: Filters, after: string | undefined, { fromPulse = false } = {}) => {
    // A pulse never overtakes the member's own question still on its way.
    if (fromPulse && asking.current) return;
    const turn = ++asked.current;
    if (!fromPulse) {
      asking.current = true;
      setLoading(true);
    }
    const [c, l] = await Promise.all([orderCounts({ from: f.from, to: f.to }), !fromPulse || !after ? listOrders(listParams(f, after)) : undefined]);
    if (turn !== asked.current) return;
    asking.current = false;
    setLoading(false);
    if (c.ok) setCounts(c.data);
    if (!l) return;
    if (!l.ok) {
      setErrors(l.errors);
      setError(l.message);
      return;
    }
    setErrors({});
    setError('');
    const added = fromPulse ? arrivals(shown.current?.orders, l.data.orders) : [];
    if (fromPulse && added.length > 0) {
      setFresh(new Set(added));
      setNews(newOrdersText(added.length));
    } else if (!fromPulse) setFresh(new Set());
    shown.current = l.data;
    setList(l.data);
  }, []);

  // The newest values for the pulse's callback, which is made once.
  const latest = useRef({ filters, after: undefined as string | undefined });
  latest.current = { filters, after: cursors.at(-1) };

  useEffect(() => {
    void load({}, undefined);
    return watchPulse({
      read: async () => {
        const r = await pulse();
        return r.ok ? r.data.mark : undefined;
      },
      onChange: () => void load(latest.current.filters, latest.current.after, { fromPulse: true }),
    });
  }, [load]);

  function show(f: Filters) {
    latest.current = { filters: f, after: undefined };
    setFilters(f);
    setCursors([]);
    setSelected(new Set());
    setNews('');
    void load(f, undefined);
  }

  function page(next: string[]) {
    latest.current = { filters, after: next.at(-1) };
    setCursors(next);
    setSelected(new Set());
    void load(filters, next.at(-1));
  }

  async function mark(to: BulkStatus) {
    if (busy || selected.size === 0) return;
    setBusy(true);
    setBulk(undefined);
    const r = await advanceOrders([...selected], to);
    setBusy(false);
    if (!r.ok) {
      setBulk({ done: '', refused: [r.message] });
      return;
    }
    setBulk(bulkReport(to, r.data));
    setSelected(new Set());
    await load(filters, cursors.at(-1));
  }

  const orders = list?.orders ?? [];
  return (
    <div className="space-y-4">
      <StatusTabs counts={counts} status={filters.status} onPick={(status) => show({ ...filters, status })} />
      <OrdersFilters key={JSON.stringify(filters)} filters={filters} errors={errors} onShow={show} />
      <ErrorMessage message={error} testId="orders-error" />
      <p role="status" aria-live="polite" className="text-sm font-semibold text-brand-800 empty:hidden" data-testid="orders-news">
        {news}
      </p>
      {list && (
        <p className="text-sm text-stone-600" data-testid="orders-total">
          {ordersText(list.total)}
          {cursors.length > 0 ? ` · page ${cursors.length + 1}` : ''}
        </p>
      )}
      {canAdvance && (
        <div className="staff-bulk" role="group" aria-label="Move the selected orders">
          <span className="text-sm text-stone-700" data-testid="selected-count">
            {selected.size} selected
          </span>
          {BULK_STATUSES.map((to) => (
            <button key={to} type="button" className={ui.secondary} disabled={busy || selected.size === 0} onClick={() => void mark(to)}>
              Mark {to}
            </button>
          ))}
        </div>
      )}
      {bulk && (
        <>
          {bulk.done && <SuccessMessage message={bulk.done} testId="bulk-done" />}
          <ErrorMessage message={bulk.refused.length ? 'Some orders were not moved:' : undefined} list={bulk.refused} testId="bulk-refused" />
        </>
      )}
      {list && orders.length === 0 && <p className="text-stone-700">No orders match.</p>}
      {orders.length > 0 && <OrdersTable busy={loading} orders={orders} fresh={fresh} selectable={canAdvance} selected={selected} onSelect={setSelected} />}
      <nav aria-label="Pages of orders" className="flex flex-wrap gap-3">
        {cursors.length > 0 && (
          <button type="button" className={ui.secondary} onClick={() => page([])}>
            Back to newest
          </button>
        )}
        {list?.nextCursor && (
          <button type="button" className={ui.secondary} onClick={() => page([...cursors, list.nextCursor!])}>
            Next 50
          </button>
        )}
      </nav>
    </div>
  );
}
